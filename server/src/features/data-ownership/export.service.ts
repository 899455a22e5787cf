import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type ExportDocument, REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS, exportFileName } from '#contract/data-ownership.ts';
import { localDateOf } from '#contract/dates.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { streamCsvZip } from './export.csv.ts';
import { buildExportDocument, readUserData } from './export.document.ts';
import { type FhirBundle, buildFhirBundle } from './export.fhir.ts';
import { buildReportModel, daysBetweenInclusive, resolvePeriod } from './report.model.ts';
import { renderReportPdf } from './report.pdf.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = {
  db: Db;
  store: FileStore;
  publicUrl: string;
  audit: AuditLog;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
};

type Client = { ipAddress: string };

/** The user's data out: JSON, a CSV zip, FHIR R4 and the doctor's PDF. Always the signed-in user's own. */
export class ExportService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  private today(user: User): string {
    return localDateOf(this.now(), user.timeZone);
  }

  /** Every export is in the audit log: a stolen session that takes everything leaves a trace. */
  private async recordExport(user: User, format: 'json' | 'csv' | 'fhir' | 'report', client: Client): Promise<void> {
    await this.deps.audit.record({ action: 'data.exported', actorId: user.id, ipAddress: client.ipAddress, details: { format } });
  }

  async json(user: User, client: Client): Promise<{ fileName: string; document: ExportDocument }> {
    await this.recordExport(user, 'json', client);
    const data = await readUserData(this.deps.db, user);
    const document = await buildExportDocument(this.deps.db, data, { publicUrl: this.deps.publicUrl, now: this.now() });
    return { fileName: exportFileName('json', this.today(user)), document };
  }

  async csvZip(user: User, includeFiles: boolean, client: Client): Promise<{ fileName: string; stream: Readable }> {
    await this.recordExport(user, 'csv', client);
    const data = await readUserData(this.deps.db, user);
    const document = await buildExportDocument(this.deps.db, data, { publicUrl: this.deps.publicUrl, now: this.now(), withFiles: includeFiles });
    const stream = streamCsvZip({
      data,
      document,
      withFiles: includeFiles,
      store: this.deps.store,
      onError: (error) => this.deps.log.error({ err: error }, 'csv export failed while streaming'),
    });
    return { fileName: exportFileName('csv', this.today(user)), stream };
  }

  async fhir(user: User, client: Client): Promise<{ fileName: string; bundle: FhirBundle }> {
    await this.recordExport(user, 'fhir', client);
    const data = await readUserData(this.deps.db, user);
    return { fileName: exportFileName('fhir', this.today(user)), bundle: buildFhirBundle(data, { publicUrl: this.deps.publicUrl, now: this.now() }) };
  }

  async report(user: User, query: { from?: string | undefined; to?: string | undefined }, client: Client): Promise<{ fileName: string; pdf: Buffer }> {
    await this.recordExport(user, 'report', client);
    const today = this.today(user);
    const period = resolvePeriod(query, today, REPORT_DEFAULT_DAYS);
    if (period.from > period.to) throw AppError.validation('from', 'From must be on or before To');
    if (daysBetweenInclusive(period.from, period.to) > REPORT_MAX_DAYS) {
      throw AppError.validation('from', 'A report covers at most three years; choose a shorter period');
    }
    const data = await readUserData(this.deps.db, user);
    const pdf = await renderReportPdf(buildReportModel(data, period, this.now()));
    return { fileName: exportFileName('report', today, period), pdf };
  }
}
