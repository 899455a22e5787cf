// The two functions of jstat (it ships no types) that the statistics of Insights use.
declare module 'jstat' {
  type JStat = {
    /** I_x(a, b), the regularized incomplete beta function. */
    ibeta(x: number, a: number, b: number): number;
    studentt: { cdf(t: number, df: number): number; inv(probability: number, df: number): number };
  };
  const jstat: { jStat: JStat };
  export default jstat;
}
