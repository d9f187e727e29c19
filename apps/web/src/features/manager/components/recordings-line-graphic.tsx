/** The recharts drawing of recordings per period; its own chunk, loaded by the manager dashboard only. */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type LinePoint = { label: string; count: number };

type RecordingsLineGraphicProps = { points: LinePoint[]; seriesName: string };

export function RecordingsLineGraphic({ points, seriesName }: RecordingsLineGraphicProps) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart
        data={points}
        margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: 'currentColor' }} stroke="currentColor" />
        <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: 'currentColor' }} stroke="currentColor" />
        <Tooltip />
        <Line
          type="monotone"
          dataKey="count"
          name={seriesName}
          stroke="#6366f1"
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
