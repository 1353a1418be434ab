#ifndef RECALL_MEMORY_DUAL_H_
#define RECALL_MEMORY_DUAL_H_

// Forward-mode dual numbers: a value and its partial derivatives with respect
// to N inputs, carried exactly through every operation the FSRS formulas use.

#include <array>
#include <cmath>

namespace recall {
namespace memory {

template <int N>
struct Dual {
  double v = 0;
  std::array<double, N> d{};

  Dual() = default;
  Dual(double value) : v(value) {}  // NOLINT: constants mix freely

  static Dual Variable(double value, int index) {
    Dual x(value);
    x.d[static_cast<size_t>(index)] = 1.0;
    return x;
  }
  // f(v) with derivative f'(v): the chain rule.
  Dual Chain(double fv, double dfv) const {
    Dual r(fv);
    for (int i = 0; i < N; ++i) r.d[i] = dfv * d[i];
    return r;
  }
};

template <int N>
Dual<N> operator+(const Dual<N>& a, const Dual<N>& b) {
  Dual<N> r(a.v + b.v);
  for (int i = 0; i < N; ++i) r.d[i] = a.d[i] + b.d[i];
  return r;
}
template <int N>
Dual<N> operator-(const Dual<N>& a, const Dual<N>& b) {
  Dual<N> r(a.v - b.v);
  for (int i = 0; i < N; ++i) r.d[i] = a.d[i] - b.d[i];
  return r;
}
template <int N>
Dual<N> operator-(const Dual<N>& a) {
  return Dual<N>(0.0) - a;
}
template <int N>
Dual<N> operator*(const Dual<N>& a, const Dual<N>& b) {
  Dual<N> r(a.v * b.v);
  for (int i = 0; i < N; ++i) r.d[i] = a.d[i] * b.v + a.v * b.d[i];
  return r;
}
template <int N>
Dual<N> operator/(const Dual<N>& a, const Dual<N>& b) {
  Dual<N> r(a.v / b.v);
  const double inv2 = 1.0 / (b.v * b.v);
  for (int i = 0; i < N; ++i) r.d[i] = (a.d[i] * b.v - a.v * b.d[i]) * inv2;
  return r;
}
template <int N>
Dual<N> operator+(const Dual<N>& a, double b) {
  return a + Dual<N>(b);
}
template <int N>
Dual<N> operator+(double a, const Dual<N>& b) {
  return Dual<N>(a) + b;
}
template <int N>
Dual<N> operator-(const Dual<N>& a, double b) {
  return a - Dual<N>(b);
}
template <int N>
Dual<N> operator-(double a, const Dual<N>& b) {
  return Dual<N>(a) - b;
}
template <int N>
Dual<N> operator*(const Dual<N>& a, double b) {
  return a * Dual<N>(b);
}
template <int N>
Dual<N> operator*(double a, const Dual<N>& b) {
  return Dual<N>(a) * b;
}
template <int N>
Dual<N> operator/(const Dual<N>& a, double b) {
  return a / Dual<N>(b);
}
template <int N>
Dual<N> operator/(double a, const Dual<N>& b) {
  return Dual<N>(a) / b;
}

template <int N>
Dual<N> exp(const Dual<N>& a) {
  const double e = std::exp(a.v);
  return a.Chain(e, e);
}
template <int N>
Dual<N> log(const Dual<N>& a) {
  return a.Chain(std::log(a.v), 1.0 / a.v);
}
// a^b = exp(b ln a), a > 0.
template <int N>
Dual<N> pow(const Dual<N>& a, const Dual<N>& b) {
  return exp(b * log(a));
}
template <int N>
Dual<N> pow(const Dual<N>& a, double b) {
  return a.Chain(std::pow(a.v, b), b * std::pow(a.v, b - 1.0));
}
template <int N>
Dual<N> pow(double a, const Dual<N>& b) {
  const double p = std::pow(a, b.v);
  return b.Chain(p, p * std::log(a));
}

template <int N>
double Value(const Dual<N>& a) {
  return a.v;
}
inline double Value(double a) { return a; }

}  // namespace memory
}  // namespace recall

#endif  // RECALL_MEMORY_DUAL_H_
