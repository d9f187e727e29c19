/** The recharts drawing of the "Call Analysis" chart; loaded on demand to keep recharts out of the main bundle. */
import { Cell, Pie, PieChart, type PieLabelRenderProps } from 'recharts';
import { PIE_SIZE, pieSliceColors } from './pie-colors';
import type { PieSlice } from './pie-data';

const RADIAN = Math.PI / 180;

/** The count, in white, in the middle of its slice. */
function SliceCount(props: PieLabelRenderProps) {
  const { cx, cy, midAngle = 0, innerRadius, outerRadius, value } = props;
  if (!value) return null;
  const inner = Number(innerRadius);
  const radius = inner + (Number(outerRadius) - inner) / 2;
  const x = Number(cx) + radius * Math.cos(-midAngle * RADIAN);
  const y = Number(cy) + radius * Math.sin(-midAngle * RADIAN);
  return (
    <text
      x={x}
      y={y}
      fill="#ffffff"
      textAnchor="middle"
      dominantBaseline="central"
      fontSize={13}
      fontWeight={600}
    >
      {value}
    </text>
  );
}

type PieGraphicProps = { slices: PieSlice[] };

export function PieGraphic({ slices }: PieGraphicProps) {
  return (
    <PieChart width={PIE_SIZE} height={PIE_SIZE} accessibilityLayer={false}>
      <Pie
        data={slices}
        dataKey="count"
        nameKey="key"
        innerRadius="45%"
        outerRadius="95%"
        paddingAngle={2}
        stroke="none"
        label={SliceCount}
        labelLine={false}
        isAnimationActive={false}
      >
        {slices.map((slice) => (
          <Cell key={slice.key} fill={pieSliceColors[slice.key].fill} />
        ))}
      </Pie>
    </PieChart>
  );
}
