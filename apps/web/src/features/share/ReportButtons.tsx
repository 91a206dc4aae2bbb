/**
 * 'Download PDF' and 'Download CSV' (issue 14 §4): links to the API's report of a saved property
 * or an analysis. Plain links with `download`: the browser sends the session cookie and saves the
 * file the API names (its Content-Disposition), with no JavaScript in between.
 */

/** Which report: one of the user's saved properties or one of their analyses. */
export type ReportSource = { kind: 'saved'; id: string } | { kind: 'analysis'; id: string };

function sourcePath(source: ReportSource): string {
  const base = source.kind === 'saved' ? '/api/saved_properties' : '/api/analyses';
  return `${base}/${encodeURIComponent(source.id)}`;
}

/** `?scenario=…` for a scenario's figures, nothing for the base case. */
const scenarioQuery = (scenarioId: string | null) =>
  scenarioId ? `?scenario=${encodeURIComponent(scenarioId)}` : '';

/** The report of the base case, or of the scenario named (its figures, with every case beside it). */
export function reportUrl(source: ReportSource, format: 'pdf' | 'csv', scenarioId: string | null): string {
  return `${sourcePath(source)}/report.${format}${scenarioQuery(scenarioId)}`;
}

/** The month-by-month schedule's CSV, of the base case or of the scenario named (issue 28 §7). */
export function scheduleUrl(source: ReportSource, scenarioId: string | null): string {
  return `${sourcePath(source)}/schedule.csv${scenarioQuery(scenarioId)}`;
}

export function ReportButtons({
  source,
  scenarioId = null,
  label,
}: {
  source: ReportSource;
  /** the scenario on show (Compare's pick); the base case when null */
  scenarioId?: string | null;
  label?: string;
}) {
  // on a page of several properties the links name theirs, so each link's name is unique
  const suffix = label ? <span className="visually-hidden"> for {label}</span> : null;
  return (
    <span className="report-buttons">
      <a className="button button-outline" href={reportUrl(source, 'pdf', scenarioId)} download>
        Download PDF{suffix}
      </a>
      <a className="button button-outline" href={reportUrl(source, 'csv', scenarioId)} download>
        Download CSV{suffix}
      </a>
    </span>
  );
}
