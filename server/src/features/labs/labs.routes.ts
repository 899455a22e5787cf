import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#contract/errors.ts';
import {
  LAB_MESSAGES,
  biomarkerCatalogueSchema,
  biomarkerTargetBodySchema,
  biomarkerTargetDeleteBodySchema,
  biomarkerTargetListSchema,
  biomarkerTargetSchema,
  labAttentionListSchema,
  labRetestBodySchema,
  labRetestSchema,
  chartDataQuerySchema,
  chartDataResponseSchema,
  labDeleteResultSchema,
  labFileListSchema,
  labFileResultBodySchema,
  labFileResultsSchema,
  labFileSchema,
  labIdParamsSchema,
  labResultListSchema,
  labResultSchema,
  labResultUpdateBodySchema,
  labTestDateBodySchema,
  manualLabResultBodySchema,
  ownBiomarkerBodySchema,
  ownBiomarkerListSchema,
  seriesQuerySchema,
  seriesResponseSchema,
} from '#contract/labs.ts';
import { contentDisposition, readUploadedFile } from './labs.uploads.ts';
import type { LabsService } from './labs.service.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';

const labPageParamsSchema = z.strictObject({
  id: z.uuid('Not a valid id'),
  page: z.coerce.number({ error: 'Not a page number' }).int('Not a page number').min(1, 'Not a page number').max(1000, 'Not a page number'),
});

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const notFound = { 404: errorResponseSchema };
const tags = ['labs'];

export async function labsRoutes(app: FastifyInstance, { labs }: { labs: LabsService }): Promise<void> {
  // Multipart only here; the size cap is enforced per file while it streams (labs.uploads.ts).
  await app.register(multipart, { limits: { fileSize: labs.maxBytes, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  reportRoutes(r, labs);
  chartRoutes(r, labs);
  rangeRoutes(r, labs);
  reviewRoutes(r, labs);
  resultRoutes(r, labs);
}

/** Uploaded reports: the list, an upload, one report, its file and its page images. */
function reportRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get('/api/labs', {
    config: { access: 'user' },
    schema: { tags, summary: "The user's lab files, newest first, with extraction status", response: { 200: labFileListSchema, ...errors } },
  }, async (request) => labs.list(request.auth!.user.id));

  r.post('/api/labs', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Upload one lab report (multipart/form-data, field "file"): PDF, DOC, DOCX, PNG or JPEG, judged by content',
      consumes: ['multipart/form-data'],
      response: {
        201: labFileSchema,
        ...errors,
        403: errorResponseSchema,
        413: errorResponseSchema,
        415: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
  }, async (request, reply) => {
    const file = await labs.upload(request.auth!.user, () => readUploadedFile(request, labs.maxBytes));
    return reply.status(201).send(file);
  });

  r.get('/api/labs/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'One lab file with its status', params: labIdParamsSchema, response: { 200: labFileSchema, ...notFound, ...errors } },
  }, async (request) => labs.get(request.auth!.user.id, request.params.id));

  r.delete('/api/labs/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Delete a lab file, its stored bytes and its results',
      params: labIdParamsSchema,
      response: { 200: labDeleteResultSchema, ...notFound, ...errors },
    },
  }, async (request) => {
    await labs.remove(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: LAB_MESSAGES.deleted };
  });

  // Bytes, not JSON: no response schema (errors still answer with the error shape).
  r.get('/api/labs/:id/file', {
    config: { access: 'user' },
    schema: { tags, summary: 'Download the stored file (attachment)', params: labIdParamsSchema },
  }, async (request, reply) => {
    const file = await labs.download(request.auth!.user.id, request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition(file.fileName))
      .header('content-length', String(file.bytes.byteLength))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });

  // An image, not JSON: review shows it beside the table with the row under review highlighted.
  r.get('/api/labs/:id/pages/:page', {
    config: { access: 'user' },
    schema: { tags, summary: 'One page of the report as an image (PDF pages drawn as PNG)', params: labPageParamsSchema },
  }, async (request, reply) => {
    const image = await labs.pageImage(request.auth!.user.id, request.params.id, request.params.page);
    return reply
      .header('content-type', image.contentType)
      .header('content-length', String(image.bytes.byteLength))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=600')
      .send(image.bytes);
  });
}

/** The charts' series and the biomarkers a user has. */
function chartRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get('/api/labs/chart-data', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A page of the user's biomarker results (canonical units), oldest first",
      querystring: chartDataQuerySchema,
      response: { 200: chartDataResponseSchema, ...errors },
    },
  }, async (request) => labs.chartData(request.auth!.user.id, request.query.page, request.query.pageSize));

  r.get('/api/labs/series', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'One series per biomarker in one unit, with reference ranges and supplement periods',
      querystring: seriesQuerySchema,
      response: { 200: seriesResponseSchema, ...errors },
    },
    // The service builds this answer field by field from typed columns, so it goes out as it is:
    // checking 20,000 points through zod on every call cost more than the query (decisions/014).
    // labs.int.test.ts checks the answers against seriesResponseSchema instead.
    serializerCompiler: () => (data) => JSON.stringify(data),
  }, async (request) => labs.series(request.auth!.user, request.query.units));

  r.get('/api/labs/biomarkers', {
    config: { access: 'user' },
    schema: { tags, summary: 'The biomarker catalogue: names, categories and accepted units', response: { 200: biomarkerCatalogueSchema, ...errors } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=3600');
    return labs.catalogue();
  });
}

/** Own targets, what is worth a look, and planned retests. */
function rangeRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get('/api/labs/targets', {
    config: { access: 'user' },
    schema: { tags, summary: "The user's own targets per biomarker, in canonical units", response: { 200: biomarkerTargetListSchema, ...errors } },
  }, async (request) => labs.targets(request.auth!.user.id));

  r.put('/api/labs/targets', {
    config: { access: 'user' },
    schema: { tags, summary: 'Set your own target for a biomarker (low and high in one of its units; one end may be open)', body: biomarkerTargetBodySchema, response: { 200: biomarkerTargetSchema, ...errors } },
  }, async (request) => labs.setTarget(request.auth!.user.id, request.body));

  r.delete('/api/labs/targets', {
    config: { access: 'user' },
    schema: { tags, summary: 'Remove your own target for a biomarker (the optimal range applies again)', body: biomarkerTargetDeleteBodySchema, response: { 200: labDeleteResultSchema, ...errors } },
  }, async (request) => {
    await labs.removeTarget(request.auth!.user.id, request.body.biomarker);
    return { ok: true as const, message: 'Target removed' };
  });

  r.get('/api/labs/attention', {
    config: { access: 'user' },
    schema: { tags, summary: 'Latest results out of range or off target, with a suggested retest date', response: { 200: labAttentionListSchema, ...errors } },
  }, async (request) => labs.attention(request.auth!.user));

  r.post('/api/labs/retests', {
    config: { access: 'user' },
    schema: { tags, summary: "Accept the suggested retest for a result out of range or off target; it is reminded on its day", body: labRetestBodySchema, response: { 201: labRetestSchema, ...notFound, ...errors } },
  }, async (request, reply) => reply.status(201).send(await labs.acceptRetest(request.auth!.user, request.body.resultId)));

  r.delete('/api/labs/retests/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Cancel a planned retest: its reminder is not sent', params: labIdParamsSchema, response: { 200: labDeleteResultSchema, ...notFound, ...errors } },
  }, async (request) => {
    await labs.cancelRetest(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: LAB_MESSAGES.retestCancelled };
  });
}

/** Review of a report's extracted rows, its test date, and confirming it; own biomarkers. */
function reviewRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get('/api/labs/own-biomarkers', {
    config: { access: 'user' },
    schema: { tags, summary: "The user's own biomarkers (rows kept that the catalogue does not know)", response: { 200: ownBiomarkerListSchema, ...errors } },
  }, async (request) => labs.ownBiomarkers(request.auth!.user.id));

  r.put('/api/labs/review-rows/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Save a row waiting for review as a result: mapped to a biomarker, an implausible value confirmed or corrected',
      params: labIdParamsSchema,
      body: labResultUpdateBodySchema,
      response: { 200: labResultSchema, ...notFound, ...errors },
    },
  }, async (request) => labs.saveReviewRow(request.auth!.user.id, request.params.id, request.body));

  r.post('/api/labs/review-rows/:id/own', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Keep an unrecognised row as the user's own biomarker, with its value and range as printed",
      params: labIdParamsSchema,
      body: ownBiomarkerBodySchema,
      response: { 201: labResultSchema, ...notFound, ...errors },
    },
  }, async (request, reply) => reply.status(201).send(await labs.keepReviewRowAsOwn(request.auth!.user.id, request.params.id, request.body)));

  r.delete('/api/labs/review-rows/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Leave a row waiting for review out of the results', params: labIdParamsSchema, response: { 200: labDeleteResultSchema, ...notFound, ...errors } },
  }, async (request) => {
    await labs.dismissReviewRow(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: 'Row left out' };
  });

  r.get('/api/labs/:id/results', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A file's results for review (unreviewed ones have reviewed: false)",
      params: labIdParamsSchema,
      response: { 200: labFileResultsSchema, ...notFound, ...errors },
    },
  }, async (request) => labs.results(request.auth!.user.id, request.params.id));

  r.post('/api/labs/:id/results', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Add a result to a file by hand',
      params: labIdParamsSchema,
      body: labFileResultBodySchema,
      response: { 201: labResultSchema, ...notFound, ...errors },
    },
  }, async (request, reply) => reply.status(201).send(await labs.addToFile(request.auth!.user.id, request.params.id, request.body)));

  r.put('/api/labs/:id/test-date', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Set the file's test date (applies to all its results)",
      params: labIdParamsSchema,
      body: labTestDateBodySchema,
      response: { 200: labFileResultsSchema, ...notFound, ...errors },
    },
  }, async (request) => labs.setTestDate(request.auth!.user.id, request.params.id, request.body.testDate));

  r.post('/api/labs/:id/confirm', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Confirm a file's results: all become reviewed and the file is done",
      params: labIdParamsSchema,
      body: z.object({}).strict().optional(),
      response: { 200: labFileResultsSchema, ...notFound, ...errors, 409: errorResponseSchema },
    },
  }, async (request) => labs.confirm(request.auth!.user.id, request.params.id));
}

/** Results entered by hand. */
function resultRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get('/api/labs/results/manual', {
    config: { access: 'user' },
    schema: { tags, summary: 'Results entered by hand without a file', response: { 200: labResultListSchema, ...errors } },
  }, async (request) => labs.manualResults(request.auth!.user.id));

  r.post('/api/labs/results', {
    config: { access: 'user' },
    schema: { tags, summary: 'Enter a result by hand, without a file', body: manualLabResultBodySchema, response: { 201: labResultSchema, ...errors } },
  }, async (request, reply) => reply.status(201).send(await labs.addManual(request.auth!.user.id, request.body)));

  r.put('/api/labs/results/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Correct a result (it becomes reviewed)',
      params: labIdParamsSchema,
      body: labResultUpdateBodySchema,
      response: { 200: labResultSchema, ...notFound, ...errors },
    },
  }, async (request) => labs.updateResult(request.auth!.user.id, request.params.id, request.body));

  r.delete('/api/labs/results/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Delete a result', params: labIdParamsSchema, response: { 200: labDeleteResultSchema, ...notFound, ...errors } },
  }, async (request) => {
    await labs.removeResult(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: LAB_MESSAGES.resultDeleted };
  });
}
