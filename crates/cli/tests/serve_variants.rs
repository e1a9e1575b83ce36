//! `jovian serve --variants DIR` refuses to start, with one line and status 2, when a file of DIR
//! is broken (its path, line and column), two files share an id, or DIR is missing or holds no
//! variant file (docs/variants.md, "In the browser"). The served games themselves are tested in
//! crates/web/tests/variant_files.rs and tests/browser/variant-files.test.mjs.

mod common;

use common::{assert_fails, jovian, scratch_dir, stdout};

/// `jovian serve --variants DIR` on a free port (it must not get as far as listening).
fn serve(variants: &std::path::Path, data: &std::path::Path) -> std::process::Output {
    jovian(&[
        "serve",
        "--no-open",
        "--port",
        "0",
        "--data",
        data.to_str().unwrap(),
        "--variants",
        variants.to_str().unwrap(),
    ])
}

#[test]
fn a_directory_that_cannot_be_served_stops_the_server_with_one_line() {
    let root = scratch_dir("serve-variants");
    let data = root.join("data");
    let o = jovian(&["variant", "export", "scirocco"]);
    assert!(o.status.success());
    let game = stdout(&o).replace("id = \"scirocco\"", "id = \"served-scirocco\"");

    let broken = root.join("broken");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(broken.join("good.toml"), &game).unwrap();
    std::fs::write(
        broken.join("bad.toml"),
        game.replace("betza = \"jR\"", "betza = \"jQx\""),
    )
    .unwrap();
    let o = serve(&broken, &data);
    let file = broken.join("bad.toml");
    assert_fails(&o, &format!("{}: line ", file.display()));
    assert!(common::stderr(&o).contains(", column "));
    assert!(!data.exists(), "the data directory is not opened");

    let twins = root.join("twins");
    std::fs::create_dir_all(&twins).unwrap();
    std::fs::write(twins.join("a.toml"), &game).unwrap();
    std::fs::write(twins.join("b.toml"), &game).unwrap();
    assert_fails(
        &serve(&twins, &data),
        "the id \"served-scirocco\" is also the id of",
    );

    let builtin = root.join("builtin");
    std::fs::create_dir_all(&builtin).unwrap();
    std::fs::write(
        builtin.join("mine.toml"),
        game.replace("id = \"served-scirocco\"", "id = \"typhoon\""),
    )
    .unwrap();
    assert_fails(&serve(&builtin, &data), "built-in");

    assert_fails(&serve(&root.join("nowhere"), &data), "does not exist");
    let empty = root.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    assert_fails(&serve(&empty, &data), "holds no variant file (*.toml)");
}
