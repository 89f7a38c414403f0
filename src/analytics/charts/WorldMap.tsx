import { geoNaturalEarth1, geoPath, interpolateRgb, scaleSequential } from 'd3';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import { alpha2OfNumeric } from '../../format/countries';

const WIDTH = 640;
const HEIGHT = 330;
const LEGEND_STEPS = 5;
const LOW = '#1d3557';
const HIGH = '#f4a261';

type Country = Feature<Geometry, { name?: string }>;

const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name?: string }> }>;
const countries = feature(topology, topology.objects.countries) as FeatureCollection<
  Geometry,
  { name?: string }
>;
const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT - 40], countries);
const path = geoPath(projection);

const codeOf = (country: Country) =>
  country.id === undefined ? null : alpha2OfNumeric(String(country.id).padStart(3, '0'));

/**
 * The world coloured by each territory's amount (countries without figures stay grey), a legend
 * from the smallest to the largest amount below it; the table beside it holds the exact values.
 */
export function WorldMap({
  values,
  label,
  nameOf,
  valueText,
}: {
  /** Amounts by ISO 3166-1 alpha-2 code. */
  values: ReadonlyMap<string, number>;
  label: string;
  nameOf: (code: string) => string;
  valueText: (value: number) => string;
}) {
  const amounts = [...values.values()];
  const low = Math.min(0, ...amounts);
  const high = Math.max(1e-12, ...amounts);
  const colour = scaleSequential(interpolateRgb(LOW, HIGH)).domain([low, high]);
  const legend = Array.from(
    { length: LEGEND_STEPS },
    (_unused, step) => low + ((high - low) * step) / (LEGEND_STEPS - 1),
  );
  return (
    <svg
      className="analytics-chart analytics-map"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
    >
      {countries.features.map((country, index) => {
        const code = codeOf(country);
        const value = code === null ? undefined : values.get(code);
        return (
          <path
            key={code ?? `unnamed-${index}`}
            d={path(country) ?? ''}
            className="analytics-country"
            data-code={code ?? undefined}
            fill={value === undefined ? undefined : colour(value)}
          >
            <title>
              {code ? nameOf(code) : (country.properties.name ?? '')}
              {value === undefined ? '' : `: ${valueText(value)}`}
            </title>
          </path>
        );
      })}
      <g className="analytics-legend" transform={`translate(16, ${HEIGHT - 28})`}>
        {legend.map((value, step) => (
          <g key={step} transform={`translate(${step * 96}, 0)`}>
            <rect width={20} height={12} fill={colour(value)} />
            <text x={26} y={10}>
              {valueText(value)}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}
