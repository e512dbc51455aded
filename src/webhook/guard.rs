//! Connection hygiene for the local webhook listener: at most [`MAX_CONNECTIONS`] open at once
//! (others wait in the kernel's backlog), and a connection that sends nothing for the idle
//! limit is closed. An idle keep-alive connection and a half-sent request (slowloris) would
//! otherwise be held forever.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};

/// Most connections served at once.
pub(crate) const MAX_CONNECTIONS: usize = 256;

/// A TCP listener whose connections count against a cap and close when idle.
pub(crate) struct GuardedListener {
    inner: TcpListener,
    slots: Arc<Semaphore>,
    idle: Duration,
}

impl GuardedListener {
    pub(crate) fn new(inner: TcpListener, max: usize, idle: Duration) -> GuardedListener {
        GuardedListener {
            inner,
            slots: Arc::new(Semaphore::new(max.max(1))),
            idle,
        }
    }
}

impl axum::serve::Listener for GuardedListener {
    type Io = GuardedStream;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        // Wait for a free slot before accepting: over the cap, clients queue in the backlog.
        let permit = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .unwrap_or_else(|_| crate::error::bug(crate::t!("bug-semaphore-closed")));
        loop {
            match self.inner.accept().await {
                Ok((stream, addr)) => {
                    let _ = stream.set_nodelay(true);
                    return (GuardedStream::new(stream, permit, self.idle), addr);
                }
                // Out of file descriptors and the like: wait a little, as axum does.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// A connection that fails its reads with `TimedOut` once nothing arrived for `idle` while a
/// read was waiting; holds its slot until dropped.
pub(crate) struct GuardedStream {
    inner: TcpStream,
    _permit: OwnedSemaphorePermit,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl GuardedStream {
    fn new(inner: TcpStream, permit: OwnedSemaphorePermit, idle: Duration) -> GuardedStream {
        GuardedStream {
            inner,
            _permit: permit,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
        }
    }
}

impl AsyncRead for GuardedStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(r) => {
                if buf.filled().len() > before {
                    let next = Instant::now() + self.idle;
                    self.deadline.as_mut().reset(next);
                }
                Poll::Ready(r)
            }
            Poll::Pending => match self.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    crate::t!("listen-idle-client"),
                ))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for GuardedStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
