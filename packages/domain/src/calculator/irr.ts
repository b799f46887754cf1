/**
 * Periodic internal rate of return of a loan: `principal` paid out at period 0, `payments[k]` received
 * at period k + 1. Returns the rate per period as a fraction (0.01 = 1 %).
 *
 * The net present value is strictly decreasing in the rate, so the root is unique and bracketed by
 * [0, total / principal - 1] whenever the payments cover the principal. Newton converges in a few
 * steps from the flat-rate guess; any step that leaves the bracket falls back to bisection, so the
 * solver cannot diverge whatever the inputs.
 *
 * @throws RangeError when principal is not positive or the payments do not cover it (the IRR of such a
 * loan is negative and the calculator never produces one).
 */
export function periodicIrr(principal: number, payments: readonly number[]): number {
  const total = payments.reduce((sum, payment) => sum + payment, 0);
  if (!(principal > 0) || payments.length === 0 || !(total >= principal)) {
    throw new RangeError('periodicIrr: payments must cover a positive principal');
  }
  if (total === principal) return 0;

  const npv = (rate: number): { value: number; slope: number } => {
    let value = -principal;
    let slope = 0;
    let discount = 1;
    for (let k = 0; k < payments.length; k++) {
      discount /= 1 + rate;
      const payment = payments[k] ?? 0;
      value += payment * discount;
      slope -= ((k + 1) * payment * discount) / (1 + rate);
    }
    return { value, slope };
  };

  let low = 0;
  let high = total / principal - 1;
  // Flat-rate guess: what the rate would be if the whole surplus were spread evenly over the term.
  let rate = (total / principal - 1) / payments.length;
  for (let iteration = 0; iteration < 200; iteration++) {
    const { value, slope } = npv(rate);
    if (value === 0) return rate;
    if (value > 0) low = rate;
    else high = rate;
    const next = rate - value / slope;
    const inBracket = Number.isFinite(next) && next > low && next < high;
    const candidate = inBracket ? next : (low + high) / 2;
    if (Math.abs(candidate - rate) <= 1e-15 * Math.max(1, Math.abs(rate))) return candidate;
    rate = candidate;
  }
  return rate;
}
