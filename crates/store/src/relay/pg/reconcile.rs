//! The reconciler's tables in PostgreSQL (see [`crate::relay::reconcile`]): the walk (its one
//! owner is [`reconcile::walk_in`]; here only its SQL) in one transaction under the advisory
//! lock the listeners' inserts take, and the walk's lease.

use std::collections::HashMap;
use std::time::Duration;

use super::super::reconcile::{self, Observed, Reconciled, Rules};
use super::super::NewEvent;
use super::{insert, PgStore, LOCK_KEY};
use crate::error::Error;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS relay_reconcile_seen (
    code text PRIMARY KEY, kind text NOT NULL, updated_at text NOT NULL);
CREATE TABLE IF NOT EXISTS relay_reconcile_synthesized (
    dedup_key text PRIMARY KEY, made_at text NOT NULL);
CREATE TABLE IF NOT EXISTS relay_reconcile_walk (
    id int PRIMARY KEY CHECK (id = 1), walked_at text, holder text, expires_at timestamptz);";

impl PgStore {
    /// One walk (see [`crate::relay::reconcile`]).
    pub fn reconcile(
        &self,
        walk: Vec<Observed>,
        rules: Rules,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Reconciled, Error> {
        self.main()
            .call(move |s| s.run(|c| walk_in(c, &walk, &rules, now)))
    }

    /// Take or renew the walk's lease for `holder`; whether it holds it.
    pub fn walk_lease(&self, holder: &str, lease: Duration) -> Result<bool, Error> {
        let holder = holder.to_string();
        let secs = lease.as_secs_f64();
        self.main().call(move |s| {
            s.run(|c| {
                let mut tx = c.transaction()?;
                tx.execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK_KEY])?;
                tx.batch_execute(SCHEMA)?;
                let held = tx.query(
                    "INSERT INTO relay_reconcile_walk (id, holder, expires_at)
                     VALUES (1, $1, now() + make_interval(secs => $2))
                     ON CONFLICT (id) DO UPDATE
                        SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                        WHERE relay_reconcile_walk.holder IS NULL
                           OR relay_reconcile_walk.holder = EXCLUDED.holder
                           OR relay_reconcile_walk.expires_at < now()
                     RETURNING id",
                    &[&holder, &secs],
                )?;
                tx.commit()?;
                Ok(!held.is_empty())
            })
        })
    }
}

fn walk_in(
    c: &mut postgres::Client,
    walk: &[Observed],
    rules: &Rules,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Reconciled, postgres::Error> {
    let mut tx = c.transaction()?;
    // Before the schema: two listeners creating it at once would collide.
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK_KEY])?;
    tx.batch_execute(SCHEMA)?;
    let out = reconcile::walk_in(&mut PgWalk(&mut tx), walk, rules, now)?;
    tx.commit()?;
    Ok(out)
}

/// A walk's transaction in PostgreSQL.
struct PgWalk<'a, 'b>(&'a mut postgres::Transaction<'b>);

impl reconcile::WalkTx for PgWalk<'_, '_> {
    type Fail = postgres::Error;

    fn walked_before(&mut self) -> Result<bool, postgres::Error> {
        let row = self.0.query_opt(
            "SELECT 1 FROM relay_reconcile_walk WHERE id = 1 AND walked_at IS NOT NULL",
            &[],
        )?;
        Ok(row.is_some())
    }

    fn seen(&mut self) -> Result<HashMap<String, (String, String)>, postgres::Error> {
        Ok(self
            .0
            .query(
                "SELECT code, kind, updated_at FROM relay_reconcile_seen",
                &[],
            )?
            .iter()
            .map(|r| (r.get(0), (r.get(1), r.get(2))))
            .collect())
    }

    fn received_since(&mut self, since: f64) -> Result<Vec<(Vec<u8>, f64)>, postgres::Error> {
        Ok(self
            .0
            .query(
                "SELECT payload, received_unix FROM relay_events
                 WHERE action = 'candidate_stage_changed' AND received_unix >= $1",
                &[&since],
            )?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect())
    }

    fn made(&mut self, dedup_key: &str, at: &str) -> Result<bool, postgres::Error> {
        let fresh = self.0.execute(
            "INSERT INTO relay_reconcile_synthesized (dedup_key, made_at) VALUES ($1, $2)
             ON CONFLICT (dedup_key) DO NOTHING",
            &[&dedup_key, &at],
        )?;
        Ok(fresh > 0)
    }

    fn insert(
        &mut self,
        ev: &NewEvent,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<i64, postgres::Error> {
        insert(self.0, ev, now)
    }

    fn record_seen(&mut self, newer: &[&Observed]) -> Result<(), postgres::Error> {
        let codes: Vec<&str> = newer.iter().map(|o| o.code.as_str()).collect();
        let kinds: Vec<&str> = newer.iter().map(|o| o.kind.as_str()).collect();
        let ats: Vec<&str> = newer.iter().map(|o| o.updated_at.as_str()).collect();
        self.0.execute(
            "INSERT INTO relay_reconcile_seen (code, kind, updated_at)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
             ON CONFLICT (code) DO UPDATE SET kind = EXCLUDED.kind, updated_at = EXCLUDED.updated_at",
            &[&codes, &kinds, &ats],
        )?;
        Ok(())
    }

    fn record_walk(&mut self, at: &str) -> Result<(), postgres::Error> {
        self.0.execute(
            "INSERT INTO relay_reconcile_walk (id, walked_at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET walked_at = EXCLUDED.walked_at",
            &[&at],
        )?;
        Ok(())
    }
}
