//! A real headless browser for the board app's tests: Debian's Chromium driven through its
//! ChromeDriver by the W3C WebDriver protocol (JSON over HTTP), with just the commands the
//! tests use.
//!
//! The tests that need it run where `chromedriver` is on the `PATH` (`.ci/run` installs
//! Debian's `chromium` and `chromium-driver`, and sets `KIBITZ_REQUIRE_BROWSER=1` so that a
//! missing browser fails there instead of skipping).

use serde_json::{Value, json};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The key W3C WebDriver names an element by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub struct Browser {
    driver: Child,
    base: String,
    client: reqwest::Client,
    /// The driver's and the browser's temporary files (profiles, caches): removed with the
    /// browser, whatever state a test left its windows in.
    _scratch: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The driver to start, or `None` (with a note) where there is none and none is required.
fn driver_path() -> Option<String> {
    let named = std::env::var("KIBITZ_CHROMEDRIVER").ok();
    let found = named.or_else(|| {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("chromedriver"))
                .find(|path| path.is_file())
                .map(|path| path.display().to_string())
        })
    });
    if found.is_none() {
        assert!(
            std::env::var("KIBITZ_REQUIRE_BROWSER").is_err(),
            "KIBITZ_REQUIRE_BROWSER is set but no chromedriver is on the PATH \
             (apt-get install chromium chromium-driver)"
        );
        eprintln!("no chromedriver on the PATH: the browser test is skipped (.ci/run runs it)");
    }
    found
}

pub struct Session<'a> {
    browser: &'a Browser,
    id: String,
}

impl Browser {
    /// Starts ChromeDriver, or `None` where there is none (see [`driver_path`]).
    pub async fn start() -> Option<Browser> {
        let path = driver_path()?;
        let port = {
            let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            probe.local_addr().unwrap().port()
        };
        let scratch = tempfile::tempdir().unwrap();
        let driver = Command::new(&path)
            .arg(format!("--port={port}"))
            .env("TMPDIR", scratch.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let browser = Browser {
            driver,
            base: format!("http://127.0.0.1:{port}"),
            client: reqwest::Client::new(),
            _scratch: scratch,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = browser
                .client
                .get(format!("{}/status", browser.base))
                .send()
                .await;
            if let Ok(response) = ready
                && let Ok(status) = response.json::<Value>().await
                && status["value"]["ready"] == true
            {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Some(browser)
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request
            .timeout(Duration::from_secs(60))
            .send()
            .await
            .unwrap();
        let value: Value = response.json().await.unwrap();
        if let Some(error) = value["value"]["error"].as_str() {
            panic!("WebDriver {path}: {error}: {}", value["value"]["message"]);
        }
        value["value"].clone()
    }

    /// A new headless window `width`×`height` CSS pixels.
    pub async fn window(&self, width: u32, height: u32) -> Session<'_> {
        let chromium =
            std::env::var("KIBITZ_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let mut options = json!({
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                format!("--window-size={width},{height}"),
            ]
        });
        if std::path::Path::new(&chromium).is_file() {
            options["binary"] = json!(chromium);
        }
        // Headless Chromium keeps a window at least 500 px wide: a phone's width is emulated
        // (its viewport and touch), as the browser's own device mode does.
        if width < 500 {
            options["mobileEmulation"] = json!({
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "touch": true}
            });
        }
        let value = self
            .call(
                reqwest::Method::POST,
                "/session",
                Some(json!({"capabilities": {"alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": options,
                }}})),
            )
            .await;
        Session {
            browser: self,
            id: value["sessionId"].as_str().unwrap().to_string(),
        }
    }
}

impl Session<'_> {
    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        self.browser
            .call(method, &format!("/session/{}{path}", self.id), body)
            .await
    }

    pub async fn open(&self, url: &str) {
        self.call(reqwest::Method::POST, "/url", Some(json!({ "url": url })))
            .await;
    }

    /// Runs `script` (a function body; `arguments` holds `args`) in the page; its result.
    pub async fn run(&self, script: &str, args: Value) -> Value {
        self.call(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
        .await
    }

    /// Waits (up to `limit`) until `script` returns something truthy; that value.
    pub async fn wait_until(&self, what: &str, script: &str, limit: Duration) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let value = self.run(script, json!([])).await;
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::String(s) => !s.is_empty(),
                _ => true,
            };
            if truthy {
                return value;
            }
            if Instant::now() >= deadline {
                let status = self.text("[data-role=status]").await;
                panic!("timed out waiting for {what}; the status says {status:?}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn element(&self, css: &str) -> String {
        let value = self
            .call(
                reqwest::Method::POST,
                "/element",
                Some(json!({ "using": "css selector", "value": css })),
            )
            .await;
        value[ELEMENT].as_str().unwrap().to_string()
    }

    /// Speaks to the page in the `index`th frame of the current page from now on.
    pub async fn enter_frame(&self, index: u32) {
        self.call(
            reqwest::Method::POST,
            "/frame",
            Some(json!({ "id": index })),
        )
        .await;
    }

    /// Clicks the element `css` finds as a pointer would: at its centre, whatever is on top
    /// there getting the click.
    pub async fn click(&self, css: &str) {
        let element = self.element(css).await;
        self.call(
            reqwest::Method::POST,
            &format!("/element/{element}/click"),
            Some(json!({})),
        )
        .await;
    }

    pub async fn text(&self, css: &str) -> String {
        self.run(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
            json!([css]),
        )
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// The page as a PNG.
    pub async fn screenshot(&self) -> Vec<u8> {
        let value = self.call(reqwest::Method::GET, "/screenshot", None).await;
        decode_base64(value.as_str().unwrap())
    }

    pub async fn close(self) {
        let path = format!("/session/{}", self.id);
        self.browser
            .call(reqwest::Method::DELETE, &path, None)
            .await;
    }
}

/// Standard base64, as WebDriver sends screenshots.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut buffer, mut bits) = (0u32, 0);
    for c in text.bytes().filter_map(value) {
        buffer = (buffer << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    out
}
