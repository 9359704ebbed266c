// Re-embed the migrations (sqlx::migrate!) whenever one is added or changed: cargo does not
// otherwise notice a new file in migrations/, and a stale build would miss it.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
