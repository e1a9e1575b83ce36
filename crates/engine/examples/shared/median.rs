//! The median of a list of ply counts, shared by the examples that read game records.

/// The median of `xs` (the mean of the two middle values for an even count; NaN for none).
pub fn median(mut xs: Vec<usize>) -> f64 {
    xs.sort_unstable();
    match xs.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => xs[n / 2] as f64,
        n => (xs[n / 2 - 1] + xs[n / 2]) as f64 / 2.0,
    }
}
