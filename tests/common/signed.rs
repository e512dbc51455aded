//! Events posted as the service posts them (signed with the key, now), for the relay's tests
//! and its benches.

/// POST each of `bodies` signed with `key`, `concurrency` at a time; their statuses in the
/// order given (0: no answer).
pub async fn post_all(url: &str, key: &str, bodies: Vec<String>, concurrency: usize) -> Vec<u16> {
    use futures::StreamExt;
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    futures::stream::iter(bodies)
        .map(|body| {
            let client = client.clone();
            async move {
                let sig = recruit::webhook::signature::sign(
                    key.as_bytes(),
                    recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()),
                    body.as_bytes(),
                );
                client
                    .post(url)
                    .header("content-type", "application/json")
                    .header("service-webhook-signature", sig)
                    .body(body)
                    .send()
                    .await
                    .map(|r| r.status().as_u16())
                    .unwrap_or(0)
            }
        })
        .buffered(concurrency)
        .collect()
        .await
}
