//! Which addresses the server may listen on: this machine's, on a
//! private network (the club's Wi-Fi, a phone's hotspot) or the loopback;
//! never a public address and never every address at once.

use std::net::{IpAddr, SocketAddr, UdpSocket};

use crate::ServeError;

/// The port the server listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8080;

/// Refuses an address that is not local: unspecified (`0.0.0.0`, `::`:
/// every network the machine is on), multicast or broadcast, or a public
/// address. Whether it is this machine's own the operating system says
/// when it is bound.
///
/// ```
/// use feldherr_serve::check_local;
///
/// assert!(check_local("127.0.0.1:8080".parse().unwrap()).is_ok());
/// assert!(check_local("192.168.1.20:8080".parse().unwrap()).is_ok());
/// assert!(check_local("0.0.0.0:8080".parse().unwrap()).is_err());
/// assert!(check_local("8.8.8.8:80".parse().unwrap()).is_err());
/// ```
///
/// # Errors
/// [`ServeError::NotLocal`] saying why.
pub fn check_local(addr: SocketAddr) -> Result<(), ServeError> {
    let refuse = |reason| Err(ServeError::NotLocal { addr, reason });
    let ip = addr.ip();
    if ip.is_unspecified() {
        return refuse(
            "it listens on every network at once; give this machine's address on the club's network",
        );
    }
    if ip.is_multicast() {
        return refuse("a multicast address is not a machine's address");
    }
    let private = match ip {
        IpAddr::V4(v4) => {
            if v4.is_broadcast() {
                return refuse("a broadcast address is not a machine's address");
            }
            v4.is_loopback() || v4.is_private() || v4.is_link_local()
        }
        IpAddr::V6(v6) => {
            let first = v6.segments()[0];
            v6.is_loopback()
                // fc00::/7 (unique local) and fe80::/10 (link local).
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
    };
    if private {
        Ok(())
    } else {
        refuse("a public address: the event stays on the club's own network")
    }
}

/// This machine's address on its local network (the one it would reach
/// other machines through), or the loopback when it has none; with
/// `port`. Sends nothing.
pub fn default_addr(port: u16) -> SocketAddr {
    let found = UdpSocket::bind(("0.0.0.0", 0))
        .and_then(|socket| {
            // Connecting a UDP socket only picks the route; no packet leaves.
            socket.connect(("10.255.255.255", 9))?;
            socket.local_addr()
        })
        .ok()
        .map(|a| a.ip())
        .filter(|ip| check_local(SocketAddr::new(*ip, port)).is_ok());
    SocketAddr::new(found.unwrap_or(IpAddr::from([127, 0, 0, 1])), port)
}
