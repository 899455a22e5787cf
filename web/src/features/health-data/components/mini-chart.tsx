/**
 * A small chart of one value a day (bars) or readings over time (a line), in plain SVG like the
 * labs chart (decision 019). The numbers are also in the card's text, so the drawing is decorative.
 */
export function MiniBars({ values, label }: { values: (number | null)[]; label: string }) {
  const max = Math.max(1, ...values.map((value) => value ?? 0));
  const width = 100 / Math.max(1, values.length);
  return (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-16 w-full" role="img" aria-label={label}>
      {values.map((value, index) =>
        value === null ? null : (
          <rect key={index} x={index * width + width * 0.15} width={width * 0.7} y={40 - (value / max) * 38} height={(value / max) * 38} className="fill-primary" rx={0.5} />
        ),
      )}
    </svg>
  );
}

export function MiniLine({ points, label }: { points: { t: number; value: number }[]; label: string }) {
  if (points.length === 0) return null;
  const times = points.map((point) => point.t);
  const values = points.map((point) => point.value);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [v0, v1] = [Math.min(...values), Math.max(...values)];
  const x = (t: number) => (t1 === t0 ? 50 : ((t - t0) / (t1 - t0)) * 96 + 2);
  const y = (v: number) => (v1 === v0 ? 20 : 38 - ((v - v0) / (v1 - v0)) * 36);
  return (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-24 w-full" role="img" aria-label={label}>
      <polyline points={points.map((point) => `${x(point.t)},${y(point.value)}`).join(' ')} className="fill-none stroke-primary" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
      {points.map((point, index) => (
        <circle key={index} cx={x(point.t)} cy={y(point.value)} r={1.2} className="fill-primary" />
      ))}
    </svg>
  );
}
