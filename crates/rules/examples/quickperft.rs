use jovian_rules::*;
fn main() {
    let v = variants::scirocco::variant();
    let mut p = Position::start(v);
    for d in 1..=4 {
        let t = std::time::Instant::now();
        let n = p.perft(d);
        let s = t.elapsed().as_secs_f64();
        println!("perft {d} = {n}  {:.3}s {:.1} Mnps", s, n as f64 / s / 1e6);
    }
}
