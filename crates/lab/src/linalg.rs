//! The little dense linear algebra the fit needs: Cholesky factorization of a symmetric positive
//! definite matrix, solving with it, and the inverse. Matrices are `n x n`, row-major.

/// The lower triangular `L` with `L Lᵀ = a`, or `None` if `a` is not positive definite.
pub fn cholesky(a: &[f64], n: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let mut sum = a[i * n + j];
            for k in 0..j {
                sum -= l[i * n + k] * l[j * n + k];
            }
            if i == j {
                if sum <= 0.0 || !sum.is_finite() {
                    return None;
                }
                l[i * n + i] = sum.sqrt();
            } else {
                l[i * n + j] = sum / l[j * n + j];
            }
        }
    }
    Some(l)
}

/// Solves `L Lᵀ x = b` for the factor `l` of [`cholesky`].
pub fn solve(l: &[f64], n: usize, b: &[f64]) -> Vec<f64> {
    let mut y = vec![0.0; n];
    for i in 0..n {
        let mut sum = b[i];
        for k in 0..i {
            sum -= l[i * n + k] * y[k];
        }
        y[i] = sum / l[i * n + i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let mut sum = y[i];
        for k in i + 1..n {
            sum -= l[k * n + i] * x[k];
        }
        x[i] = sum / l[i * n + i];
    }
    x
}

/// The inverse of the matrix whose factor is `l`.
pub fn inverse(l: &[f64], n: usize) -> Vec<f64> {
    let mut inv = vec![0.0; n * n];
    let mut unit = vec![0.0; n];
    for j in 0..n {
        unit.fill(0.0);
        unit[j] = 1.0;
        let column = solve(l, n, &unit);
        for i in 0..n {
            inv[i * n + j] = column[i];
        }
    }
    inv
}

/// `a b` for `n x n` matrices.
pub fn multiply(a: &[f64], b: &[f64], n: usize) -> Vec<f64> {
    let mut out = vec![0.0; n * n];
    for i in 0..n {
        for k in 0..n {
            let x = a[i * n + k];
            if x == 0.0 {
                continue;
            }
            for j in 0..n {
                out[i * n + j] += x * b[k * n + j];
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_and_inverts_a_small_system() {
        // [[4, 2], [2, 3]]: L = [[2, 0], [1, sqrt 2]].
        let a = [4.0, 2.0, 2.0, 3.0];
        let l = cholesky(&a, 2).unwrap();
        assert!((l[0] - 2.0).abs() < 1e-12 && (l[2] - 1.0).abs() < 1e-12);
        let x = solve(&l, 2, &[2.0, 5.0]);
        // 4x + 2y = 2, 2x + 3y = 5: x = -0.5, y = 2.
        assert!(
            (x[0] + 0.5).abs() < 1e-12 && (x[1] - 2.0).abs() < 1e-12,
            "{x:?}"
        );
        let inv = inverse(&l, 2);
        let id = multiply(&a, &inv, 2);
        for (i, v) in id.iter().enumerate() {
            let want = if i % 3 == 0 { 1.0 } else { 0.0 };
            assert!((v - want).abs() < 1e-12, "{id:?}");
        }
        assert!(cholesky(&[1.0, 2.0, 2.0, 1.0], 2).is_none());
    }
}
