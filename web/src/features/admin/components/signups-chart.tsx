import { barPercents, formatMonth } from '../utils/format.ts';

/** Sign-ups per month as a table whose rows carry a bar: readable by screen readers and at 375 px. */
export function SignupsChart({ months, caption }: { months: { month: string; count: number }[]; caption: string }) {
  const widths = barPercents(months.map((m) => m.count));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Sign-ups</th>
        </tr>
      </thead>
      <tbody>
        {months.map((month, index) => (
          <tr key={month.month}>
            <th scope="row" className="w-20 py-1 pr-3 text-left font-normal whitespace-nowrap text-muted-foreground">
              {formatMonth(month.month)}
            </th>
            <td className="py-1">
              <div className="flex items-center gap-2">
                <div className="h-4 flex-1 rounded bg-muted">
                  <div className="h-4 rounded bg-primary" style={{ width: `${widths[index]}%` }} />
                </div>
                <span className="w-10 text-right tabular-nums">{month.count}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
