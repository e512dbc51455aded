//! `recruit mcp`: the API as a Model Context Protocol server on stdio (rmcp), for AI
//! assistants working for a recruiter within an access level.
//!
//! A second front end over the same core as the commands: the typed client (retries, pacing,
//! error messages, pin by reading first, replies keeping their thread's role), the merged
//! pagination of [`crate::api::records`] and the application checks of [`crate::apply::submit`]. stdout carries JSON-RPC only;
//! logs go to stderr. A failed call is a tool result with `isError` and the message the
//! command would print, and the server keeps serving.

mod calls;
mod resources;
pub(crate) mod tools;
pub(crate) mod transport;

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams,
    GetPromptResponse, Implementation, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Map, Value};

use crate::api::{Client, MemoInput};
use crate::error::{Error, ExitKind};
pub(crate) use tools::{Access, PersonalData};
use tools::{Personal, ToolDef};

/// The server: one client for every call (its pool, retries and pacer are shared), or why
/// there is none (no base URL, no key): the server starts anyway and each call that needs the
/// service says what to set.
#[derive(Clone)]
pub(crate) struct Server {
    client: Result<Client, Error>,
    access: Access,
    personal: PersonalData,
    /// The access log: each call whose result holds a personal value is logged (via `mcp`,
    /// the tool's name as the command) before the result is returned; none: not logged.
    audit: Option<crate::audit::Audit>,
    /// The mirror the report tools read (`--db`, else RECRUIT_SYNC_DB, else the default).
    mirror: Option<String>,
    net: crate::api::NetSettings,
}

impl Server {
    pub(crate) fn new(client: Result<Client, Error>, access: Access) -> Server {
        Server {
            client,
            access,
            personal: PersonalData::Basic,
            audit: None,
            mirror: None,
            net: crate::api::NetSettings::system(),
        }
    }

    /// Read the report tools' mirror at `db` (none: the default mirror), reached with `net`.
    pub(crate) fn with_mirror(
        mut self,
        db: Option<String>,
        net: crate::api::NetSettings,
    ) -> Server {
        self.mirror = db;
        self.net = net;
        self
    }

    /// The mirror, opened for reading (a call each: a sync may have replaced it meanwhile).
    pub(crate) async fn open_mirror(&self) -> Result<crate::sync::MirrorActor, Error> {
        crate::sync::MirrorActor::open(
            crate::sync::Target::parse(self.mirror.as_deref()),
            self.net.clone(),
            crate::sync::Access::Read,
        )
        .await
    }

    /// Log what each call returns of personal data in `audit` (none: nothing is logged).
    pub(crate) fn with_audit(mut self, audit: Option<crate::audit::Audit>) -> Server {
        self.audit = audit;
        self
    }

    /// Append the call's record when its result holds a personal value (what the policy left
    /// out is not in it, so not in `fields`). A log that cannot be written withholds the result.
    fn log_call(&self, call: &Call<'_>, at: Personal, body: &Value) -> Result<(), Error> {
        let Some(audit) = &self.audit else {
            return Ok(());
        };
        let mut seen = recruit_audit::Seen::default();
        at.see(&mut seen, body, call.about.as_deref());
        // The tool's name and its data-free arguments (a query or a text is `…`).
        let command = crate::audit::mcp_command(call.name, &call.schema, call.args);
        audit
            .with_agent(call.agent.clone())
            .append(recruit_audit::Via::Mcp, Some(&command), &seen)
    }

    /// The client, or the error a call gets when recruit mcp has no configuration.
    pub(crate) fn client(&self) -> Result<&Client, Error> {
        self.client
            .as_ref()
            .map_err(|e| e.clone().context(crate::msg!("mcp-not-set-up")))
    }

    /// Let candidates' personal fields through (`--personal-data full`) or not.
    pub(crate) fn with_personal_data(mut self, personal: PersonalData) -> Server {
        self.personal = personal;
        self
    }

    /// The tools this access level lists.
    pub(crate) fn tools(&self) -> Vec<Tool> {
        tools::TOOLS
            .iter()
            .filter(|t| t.access <= self.access)
            .map(tool)
            .collect()
    }

    /// Run one tool for the assistant `agent` (its `initialize`'s `clientInfo`, whom the
    /// access log names): its result, or the error result a model reads.
    pub(crate) async fn call_by(
        &self,
        name: &str,
        args: Map<String, Value>,
        agent: Option<recruit_audit::Agent>,
    ) -> CallToolResult {
        let Some(def) = tools::find(name) else {
            return failure(crate::t!("mcp-unknown-tool", name = name));
        };
        if def.access > self.access {
            return failure(crate::t!(
                "mcp-needs-access",
                name = name,
                needs = def.access.as_str(),
                has = self.access.as_str()
            ));
        }
        if let Some(extra) = def.unknown_arg(args.keys()) {
            let valid = def.arg_names();
            return failure(crate::t!(
                "mcp-no-such-argument",
                name = name,
                extra = extra.as_str(),
                count = valid.len(),
                valid = valid.join(", ")
            ));
        }
        // The candidate the call is about, for a result that doesn't name it (submissions).
        let about = args
            .get("candidate")
            .and_then(Value::as_str)
            .map(str::to_string);
        let given = args.clone();
        let call = Call {
            name,
            schema: def.input_schema(),
            args: &given,
            about,
            agent,
        };
        let result = (def.run)(self, &Args(args)).await.map(|mut o| {
            if self.personal == PersonalData::Basic {
                let body = match &mut o {
                    Outcome::Body(b) | Outcome::WithNotes(b, _) => b,
                };
                omit_personal(def.personal, body);
            }
            o
        });
        let result = result.and_then(|o| {
            let body = match &o {
                Outcome::Body(b) | Outcome::WithNotes(b, _) => b,
            };
            self.log_call(&call, def.personal, body).map(|()| o)
        });
        match result {
            Ok(Outcome::Body(body)) => success(body, None),
            Ok(Outcome::WithNotes(body, notes)) => success(body, Some(notes)),
            Err(e) => failure(format!(
                "{}: {}",
                crate::t!("word-error"),
                crate::error::redact_error(&e.into())
            )),
        }
    }
}

/// One tool call as the access log names it.
struct Call<'a> {
    name: &'a str,
    schema: Map<String, Value>,
    args: &'a Map<String, Value>,
    /// The candidate the call is about, for a result that doesn't name it (submissions).
    about: Option<String>,
    agent: Option<recruit_audit::Agent>,
}

pub(crate) enum Outcome {
    Body(Value),
    /// A body and lines for the model (notes, warnings), as a second text block.
    WithNotes(Value, Vec<String>),
}

/// Leave personal fields out of a tool's result, where its definition says they are.
fn omit_personal(at: Personal, body: &mut Value) {
    at.omit(body)
}

/// Every `signing_key` in a result, masked (`••••` and its last four characters at most): an
/// assistant never receives a webhook's secret, whichever tool returns the webhook.
pub(crate) fn mask_signing_keys(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for (k, val) in m.iter_mut() {
                match val {
                    Value::String(key) if k == "signing_key" => {
                        *val = Value::String(crate::redact::Secret::new(key.clone()).redacted());
                    }
                    other => mask_signing_keys(other),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(mask_signing_keys),
        _ => {}
    }
}

fn success(mut body: Value, notes: Option<Vec<String>>) -> CallToolResult {
    mask_signing_keys(&mut body);
    let mut content = vec![ContentBlock::text(body.to_string())];
    if let Some(n) = notes.filter(|n| !n.is_empty()) {
        content.push(ContentBlock::text(n.join("\n")));
    }
    let mut r = CallToolResult::success(content);
    r.structured_content = Some(body);
    r
}

fn failure(message: String) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(crate::redact::scrub(&message))])
}

fn tool(def: &ToolDef) -> Tool {
    let read_only = def.access == Access::Read;
    let annotations = ToolAnnotations::with_title(def.title)
        .read_only(read_only)
        .destructive(def.destructive)
        .idempotent(def.idempotent)
        .open_world(false);
    let mut t = Tool::new(def.name, def.described(), Arc::new(def.input_schema()))
        .with_title(def.title)
        .with_annotations(annotations);
    if let Some(schema) = def.output_schema() {
        t = t.with_raw_output_schema(Arc::new(schema));
    }
    t
}

/// A call's arguments, read with messages that name the argument.
pub(crate) struct Args(Map<String, Value>);

impl Args {
    fn get(&self, k: &str) -> Option<&Value> {
        self.0.get(k)
    }
    fn opt_str(&self, k: &str) -> Result<Option<String>, Error> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if !s.trim().is_empty() => Ok(Some(s.trim().to_string())),
            Some(Value::String(_)) => Err(Error::usage(crate::msg!("mcp-arg-empty", name = k))),
            Some(v) => Err(Error::usage(crate::msg!(
                "mcp-arg-not-string",
                name = k,
                value = v.to_string()
            ))),
        }
    }
    fn str(&self, k: &str) -> Result<String, Error> {
        self.opt_str(k)?
            .ok_or_else(|| Error::usage(crate::msg!("mcp-arg-required", name = k)))
    }
    fn opt_int(&self, k: &str) -> Result<Option<i64>, Error> {
        self.opt_int_in(k, 1, i64::MAX)
    }
    /// A whole number from `min` to `max`, as a JSON number or a digit string (`"101"`); out of
    /// range is refused, never wrapped or clamped.
    fn opt_int_in(&self, k: &str, min: i64, max: i64) -> Result<Option<i64>, Error> {
        let v = match self.0.get(k) {
            None | Some(Value::Null) => return Ok(None),
            Some(v) => v,
        };
        let n = match v {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => {
                let s = s.trim();
                (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| s.parse::<i64>().ok())
                    .flatten()
            }
            _ => None,
        };
        let got = crate::output::text::one_line(&v.to_string(), 40);
        match n {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ if max == i64::MAX => Err(Error::usage(crate::msg!(
                "mcp-arg-not-whole-from",
                name = k,
                min = min,
                value = got
            ))),
            _ => Err(Error::usage(crate::msg!(
                "mcp-arg-not-whole-in",
                name = k,
                min = min,
                max = max,
                value = got
            ))),
        }
    }
    fn dry_run(&self) -> Result<bool, Error> {
        Ok(self.opt_bool("dry_run")?.unwrap_or(false))
    }
    fn id(&self) -> Result<i64, Error> {
        self.opt_int("id")?
            .ok_or_else(|| Error::usage(crate::msg!("mcp-arg-required", name = "id")))
    }
    fn opt_bool(&self, k: &str) -> Result<Option<bool>, Error> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(v) => Err(Error::usage(crate::msg!(
                "mcp-arg-not-bool",
                name = k,
                value = v.to_string()
            ))),
        }
    }
    fn opt_strings(&self, k: &str) -> Result<Option<Vec<String>>, Error> {
        match self.0.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| match v.as_str() {
                    Some(s) if !s.trim().is_empty() => Ok(s.trim().to_string()),
                    _ => Err(Error::usage(crate::msg!("mcp-arg-not-strings", name = k))),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(v) => Err(Error::usage(crate::msg!(
                "mcp-arg-not-list",
                name = k,
                value = v.to_string()
            ))),
        }
    }
    /// An argument naming one of `names` (a stage, a role), read by `parse`.
    fn opt_named<T>(
        &self,
        k: &str,
        parse: fn(&str) -> Option<T>,
        names: &[&str],
    ) -> Result<Option<T>, Error> {
        let Some(v) = self.opt_str(k)? else {
            return Ok(None);
        };
        parse(&v).map(Some).ok_or_else(|| {
            Error::usage(crate::msg!(
                "mcp-arg-not-one-of",
                name = k,
                value = v,
                names = names.join(", ")
            ))
        })
    }
    /// The pages a list's arguments ask for (`all`, `limit`, `page_token`), with page size
    /// `per`: an operation sizes its pages by them (the largest when every page is walked).
    fn pages(&self, per: Option<u32>) -> Result<crate::ops::Pages, Error> {
        let (all, limit) = (
            self.opt_bool("all")?.unwrap_or(false),
            self.opt_int("limit")?,
        );
        Ok(crate::ops::Pages {
            page_token: self.opt_str("page_token")?,
            per,
            all,
            limit: limit.map(|n| n as usize),
        })
    }
    /// role, mentions and file_url of a memo.
    fn memo_fields(&self) -> Result<MemoInput, Error> {
        use crate::api::memos::Role;
        Ok(MemoInput {
            accessible_role: self.opt_named("role", Role::parse, &Role::names())?,
            mentions: self.opt_strings("mentions")?,
            file_url: self.opt_str("file_url")?,
            ..MemoInput::default()
        })
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_prompts()
            .build();
        ServerConfig::new(capabilities)
            .with_protocol_version(PROTOCOL_VERSION)
            .with_server_info(Implementation::new("recruit", env!("CARGO_PKG_VERSION")))
            .with_instructions(format!(
                "Tools for a recruiting service (applicant tracking): application forms, jobs, candidates (find them by stage with candidates_list), their evaluations, interviews, memos and form submissions, webhooks. Access level: {}; candidates' personal data: {}. Read a form with forms_get before forms_apply; confirm deletes with the user; every write tool takes dry_run: true to show its request without sending it. Application forms are also resources (recruit://forms/{{code}}). Lists with all or limit give compact items (forms' HTML as short plain text) unless full: true.",
                self.access.as_str(),
                self.personal.as_str()
            ))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.tools()))
    }

    /// The versions this server speaks: every stable revision with the `initialize`
    /// handshake, up to the newest. A client asking for one of them gets it; any other gets the
    /// newest ([`PROTOCOL_VERSION`]), as the lifecycle of the spec says.
    fn supported_protocol_versions(&self) -> std::borrow::Cow<'static, [ProtocolVersion]> {
        std::borrow::Cow::Borrowed(ProtocolVersion::known_up_to(&PROTOCOL_VERSION))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        self.form_resources().await
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(self.form_templates())
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        Ok(self.read_form(&request.uri).await?.into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        Ok(resources::prompts())
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        let args = request.arguments.unwrap_or_default();
        Ok(resources::prompt(&request.name, &args)?.into())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        if tools::find(&request.name).is_none() {
            return Err(McpError::invalid_params(
                crate::t!("mcp-unknown-tool", name = request.name.to_string()),
                None,
            ));
        }
        let args = request.arguments.unwrap_or_default();
        // The assistant as its `initialize` named itself: the access log's `agent`.
        let agent = context.peer.peer_info().map(|info| recruit_audit::Agent {
            name: info.client_info.name.clone(),
            version: info.client_info.version.clone(),
        });
        Ok(self.call_by(&request.name, args, agent).await.into())
    }
}

/// The newest stable protocol revision of the SDK that has the `initialize` handshake (the
/// stdio lifecycle this server runs); rmcp's `LATEST` is the handshake-less revision.
pub(crate) const PROTOCOL_VERSION: ProtocolVersion = ProtocolVersion::LATEST_WITH_INITIALIZE;

/// Serve on stdin/stdout until the client closes the connection, through
/// [`transport::LineTransport`] (every line answered as JSON-RPC defines).
pub(crate) async fn serve_stdio(server: Server) -> anyhow::Result<()> {
    let transport = transport::LineTransport::new(tokio::io::stdin(), tokio::io::stdout());
    let running = server
        .serve(transport)
        .await
        .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("mcp-session-not-started"), e))?;
    running
        .waiting()
        .await
        .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("mcp-server-stopped"), e))?;
    Ok(())
}
