import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES, csvExportQuerySchema, importResultSchema, reportQuerySchema } from '#contract/data-ownership.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { contentDisposition, readUploadedFile } from '#server/features/labs/labs.uploads.ts';
import type { ExportService } from './export.service.ts';
import type { ImportService } from './import.service.ts';

const tags = ['data'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * Downloads are attachments with a dated file name and are never cached; each is the signed-in
 * user's own data, read by their id only (there is no id in these paths to change).
 */
export async function exportRoutes(app: FastifyInstance, deps: { exporter: ExportService; importer: ImportService }): Promise<void> {
  const { exporter, importer } = deps;
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const download = (reply: import('fastify').FastifyReply, fileName: string, contentType: string) =>
    reply
      .header('content-type', contentType)
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');

  r.get('/api/export/json', {
    config: { access: 'user', recentAuth: true },
    schema: { tags, summary: 'Everything you have, as one JSON document (attachment)', produces: ['application/json'], response: { 401: errorResponseSchema, 403: errorResponseSchema } },
  }, async (request, reply) => {
    const { fileName, document } = await exporter.json(request.auth!.user, { ipAddress: request.ip });
    return download(reply, fileName, 'application/json; charset=utf-8').send(JSON.stringify(document, null, 2));
  });

  r.get('/api/export/csv', {
    config: { access: 'user', recentAuth: true },
    schema: {
      tags,
      summary: 'Intake logs, effect ratings, biomarker results and health stats as CSV files in a zip (attachment); includeFiles=true adds the original lab files',
      querystring: csvExportQuerySchema,
      produces: ['application/zip'],
      response: errors,
    },
  }, async (request, reply) => {
    const { fileName, stream } = await exporter.csvZip(request.auth!.user, request.query.includeFiles === 'true', { ipAddress: request.ip });
    return download(reply, fileName, 'application/zip').send(stream);
  });

  r.get('/api/export/fhir', {
    config: { access: 'user', recentAuth: true },
    schema: { tags, summary: 'An HL7 FHIR R4 Bundle (collection): Patient, Observations (LOINC, UCUM), MedicationStatements (attachment)', produces: ['application/fhir+json'], response: { 401: errorResponseSchema, 403: errorResponseSchema } },
  }, async (request, reply) => {
    const { fileName, bundle } = await exporter.fhir(request.auth!.user, { ipAddress: request.ip });
    return download(reply, fileName, 'application/fhir+json; charset=utf-8').send(JSON.stringify(bundle, null, 2));
  });

  r.get('/api/export/report', {
    config: { access: 'user', recentAuth: true },
    schema: {
      tags,
      summary: "The doctor's report for a period (PDF attachment): stack, adherence, effect ratings, biomarkers with ranges, flags and trends",
      querystring: reportQuerySchema,
      produces: ['application/pdf'],
      response: errors,
    },
  }, async (request, reply) => {
    const { fileName, pdf } = await exporter.report(request.auth!.user, request.query, { ipAddress: request.ip });
    return download(reply, fileName, 'application/pdf').header('content-length', String(pdf.byteLength)).send(pdf);
  });

  r.post('/api/import', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Import a StackLab export (JSON or the CSV zip) or a CSV of biomarker results (name, value, unit, date) into your account (multipart, field "file")',
      consumes: ['multipart/form-data'],
      response: { 200: importResultSchema, ...errors, 403: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 429: errorResponseSchema },
    },
  }, async (request) => {
    return importer.importFile(request.auth!.user, () => readUploadedFile(request, IMPORT_MAX_BYTES));
  });
}
