import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { MetricsService } from './metrics.service';
import { StateMetrics } from './state-metrics';

interface AlertRule {
  alert: string;
  expr: string;
}

const rules = (
  parse(readFileSync(join(__dirname, '../../../monitoring/prometheus/alerts.yml'), 'utf8')) as {
    groups: { rules: AlertRule[] }[];
  }
).groups.flatMap((group) => group.rules);

/** A histogram is scraped as its `_bucket`, `_count` and `_sum` series. */
const metricOf = (series: string) => series.replace(/_(bucket|count|sum)$/, '');

// An alert on a metric nobody exports never fires: every oddspulse_* series a rule reads is one the processes register.
describe('the shipped alert rules', () => {
  const metrics = new MetricsService();
  // Registering reads nothing: the gauges read the shared state only when scraped.
  new StateMetrics(metrics, {} as never, {} as never, {} as never, { FEED_SPORTS: [] }).register(() => 0);

  it.each(rules.map((rule) => [rule.alert, rule.expr] as const))(
    '%s reads only metrics OddsPulse exports',
    (_alert, expr) => {
      const series = expr.match(/oddspulse_[a-z_]+/g) ?? [];
      for (const name of series) expect(metrics.registry.getSingleMetric(metricOf(name)) ?? name).not.toBe(name);
    },
  );

  it('pages on 503s by their code, so the alert says which dependency is down', () => {
    const unavailable = rules.find((rule) => rule.expr.includes('oddspulse_http_unavailable_total'));
    expect(unavailable?.expr).toContain('by (code)');
  });
});
