//! Serves an event file on the loopback (or the address given), as
//! `feldherr serve` does, without building the app: for trying the pages
//! in a browser and for their screenshots.
//!
//! ```text
//! cargo run -p feldherr-serve --example serve_event -- EVENT.json [IP:PORT]
//! ```

use std::sync::{Arc, Mutex};

use feldherr_host::history::OpenDocument;
use feldherr_serve::{ServeOptions, Server};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or("usage: serve_event EVENT.json [IP:PORT]")?;
    let addr = args.next().unwrap_or_else(|| "127.0.0.1:8080".to_owned());
    let open = OpenDocument::open(std::path::Path::new(&path))?;
    let server = Server::start(
        Arc::new(Mutex::new(open)),
        &ServeOptions::new(addr.parse()?),
    )?;
    println!("{}", server.url());
    server.wait();
    Ok(())
}
