import { monthLabel, reportSteps, stepLabels, type ReportMonth, type ReportStep } from '#shared/admissions/report.ts';

/** Each step's colour: at least 3:1 against the white page (WCAG 1.4.11), told apart by the legend's order too. */
const stepColours: Record<ReportStep, string> = {
  enquiries: '#2b6a8f',
  visits: '#2f5d3a',
  offers: '#a8482a',
  enrolments: '#6a4c93',
};

const WIDTH = 720;
const HEIGHT = 280;
const AXIS_LEFT = 44;
const AXIS_BOTTOM = 48;
const TOP = 12;

/** A round top for the scale: 1, 2 or 5 times a power of ten. */
function scaleTop(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= largest) ?? largest;
}

/**
 * Grouped bars per month for the four steps, drawn as SVG. A screen reader hears one image named
 * by the caption, which points to the table beside it for the figures: the bars are not read twice.
 */
export function ReportChart({
  months,
  captionId,
  caption,
}: {
  months: ReportMonth[];
  captionId: string;
  caption: string;
}) {
  const top = scaleTop(Math.max(0, ...months.flatMap((month) => reportSteps.map((step) => month[step]))));
  const plotHeight = HEIGHT - TOP - AXIS_BOTTOM;
  const groupWidth = (WIDTH - AXIS_LEFT) / Math.max(1, months.length);
  const barWidth = (groupWidth * 0.8) / reportSteps.length;
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  return (
    <div className="report-chart">
      <p id={captionId} className="report-chart__caption" aria-hidden="true">
        {caption}
      </p>
      <ul className="report-chart__legend" aria-hidden="true">
        {reportSteps.map((step) => (
          <li key={step}>
            <span className="report-chart__swatch" style={{ background: stepColours[step] }} />
            {stepLabels[step]}
          </li>
        ))}
      </ul>
      {/* Never drawn narrower than its labels' 12 px allow: on a phone it scrolls sideways, from the keyboard too. */}
      <div className="report-chart__scroll" role="region" aria-label="Chart by month" tabIndex={0}>
        <svg
          className="report-chart__svg"
          role="img"
          aria-labelledby={captionId}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="xMidYMid meet"
        >
          {/* Hidden inside the image too: some screen readers walk into an SVG's groups and texts. */}
          <g aria-hidden="true">
            {/* Counts are whole: a tick at a half (2.5 of 5) would read as half a family. */}
            {[0, top / 2, top].filter(Number.isInteger).map((value) => (
              <g key={value}>
                <line x1={AXIS_LEFT} x2={WIDTH} y1={y(value)} y2={y(value)} className="report-chart__grid" />
                <text x={AXIS_LEFT - 6} y={y(value) + 5} textAnchor="end" className="report-chart__label">
                  {value}
                </text>
              </g>
            ))}
            {months.map((month, index) => {
              const left = AXIS_LEFT + index * groupWidth + groupWidth * 0.1;
              const [name, year] = monthLabel(month.month).split(' ');
              return (
                <g key={month.month}>
                  {reportSteps.map((step, stepIndex) => (
                    <rect
                      key={step}
                      x={left + stepIndex * barWidth}
                      y={y(month[step])}
                      width={Math.max(1, barWidth - 1)}
                      height={Math.max(0, TOP + plotHeight - y(month[step]))}
                      fill={stepColours[step]}
                    />
                  ))}
                  <text
                    x={left + (groupWidth * 0.8) / 2}
                    y={HEIGHT - AXIS_BOTTOM + 18}
                    textAnchor="middle"
                    className="report-chart__label"
                  >
                    {name}
                  </text>
                  {index === 0 || month.month.endsWith('-01') ? (
                    <text
                      x={left + (groupWidth * 0.8) / 2}
                      y={HEIGHT - AXIS_BOTTOM + 38}
                      textAnchor="middle"
                      className="report-chart__label"
                    >
                      {year}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        </svg>
      </div>
    </div>
  );
}
