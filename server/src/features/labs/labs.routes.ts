import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { LAB_MESSAGES, labIdParamsSchema, labsEndpoints } from '#contract/labs.ts';
import { contentDisposition, readUploadedFile } from './labs.uploads.ts';
import type { LabsService } from './labs.service.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';

const { list, upload, labFile, remove, chartData, series, biomarkers, biomarkerReadings, targets, setTarget, removeTarget, attention, acceptRetest, cancelRetest, ownBiomarkers, saveReviewRow, keepReviewRowAsOwn, dismissReviewRow, fileResults, addFileResult, setTestDate, confirmFile, manualResults, addManualResult, updateResult, deleteResult, modelReading, setModelReading } = labsEndpoints;

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
  modelReadingRoutes(r, labs);
  resultRoutes(r, labs);
}

/** Uploaded reports: the list, an upload, one report, its file and its page images. */
function reportRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get(list.path, {
    config: { access: 'user' },
    schema: { tags, summary: "The user's lab files, newest first, with extraction status", response: { 200: list.response, ...errors } },
  }, async (request) => labs.list(request.auth!.user.id));

  r.post(upload.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Upload one lab report (multipart/form-data, field "file"): PDF, DOC, DOCX, PNG or JPEG, judged by content',
      consumes: ['multipart/form-data'],
      response: {
        201: upload.response,
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

  r.get(labFile.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'One lab file with its status', params: labFile.params, response: { 200: labFile.response, ...notFound, ...errors } },
  }, async (request) => labs.get(request.auth!.user.id, request.params.id));

  r.delete(remove.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Delete a lab file, its stored bytes and its results',
      params: remove.params,
      response: { 200: remove.response, ...notFound, ...errors },
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
  r.get(chartData.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A page of the user's biomarker results (canonical units), oldest first",
      querystring: chartData.query,
      response: { 200: chartData.response, ...errors },
    },
  }, async (request) => labs.chartData(request.auth!.user.id, request.query.page, request.query.pageSize));

  r.get(series.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'One series per biomarker in one unit, with reference ranges and supplement periods',
      querystring: series.query,
      response: { 200: series.response, ...errors },
    },
    // The service builds this answer field by field from typed columns, so it goes out as it is:
    // checking 20,000 points through zod on every call cost more than the query (decisions/014).
    // labs.int.test.ts checks the answers against seriesResponseSchema instead.
    serializerCompiler: () => (data) => JSON.stringify(data),
  }, async (request) => labs.series(request.auth!.user, request.query.units));

  r.get(biomarkers.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'The biomarker catalogue: names, categories and accepted units', response: { 200: biomarkers.response, ...errors } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=3600');
    return labs.catalogue();
  });

  r.get(biomarkerReadings.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A biomarker (the catalogue's or the user's own) with every reading of it the user has, newest first, each with its report",
      params: biomarkerReadings.params,
      response: { 200: biomarkerReadings.response, ...notFound, ...errors },
    },
  }, async (request) => labs.biomarkerReadings(request.auth!.user.id, request.params.biomarker));
}

/** Own targets, what is worth a look, and planned retests. */
function rangeRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get(targets.path, {
    config: { access: 'user' },
    schema: { tags, summary: "The user's own targets per biomarker, in canonical units", response: { 200: targets.response, ...errors } },
  }, async (request) => labs.targets(request.auth!.user.id));

  r.put(setTarget.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Set your own target for a biomarker (low and high in one of its units; one end may be open)', body: setTarget.body, response: { 200: setTarget.response, ...errors } },
  }, async (request) => labs.setTarget(request.auth!.user.id, request.body));

  r.delete(removeTarget.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Remove your own target for a biomarker (the optimal range applies again)', body: removeTarget.body, response: { 200: removeTarget.response, ...errors } },
  }, async (request) => {
    await labs.removeTarget(request.auth!.user.id, request.body.biomarker);
    return { ok: true as const, message: 'Target removed' };
  });

  r.get(attention.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Latest results out of range or off target, with a suggested retest date', response: { 200: attention.response, ...errors } },
  }, async (request) => labs.attention(request.auth!.user));

  r.post(acceptRetest.path, {
    config: { access: 'user' },
    schema: { tags, summary: "Accept the suggested retest for a result out of range or off target; it is reminded on its day", body: acceptRetest.body, response: { 201: acceptRetest.response, ...notFound, ...errors } },
  }, async (request, reply) => reply.status(201).send(await labs.acceptRetest(request.auth!.user, request.body.resultId)));

  r.delete(cancelRetest.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Cancel a planned retest: its reminder is not sent', params: cancelRetest.params, response: { 200: cancelRetest.response, ...notFound, ...errors } },
  }, async (request) => {
    await labs.cancelRetest(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: LAB_MESSAGES.retestCancelled };
  });
}

/** Whether the AI model may read the user's reports. */
function modelReadingRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get(modelReading.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Whether the AI model reads the text of your reports where the reading left rows unread (off by default)', response: { 200: modelReading.response, ...errors } },
  }, async (request) => labs.modelReading(request.auth!.user.id));

  r.put(setModelReading.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Let the AI model read the text of your reports, or stop it (never the file itself)', body: setModelReading.body, response: { 200: setModelReading.response, ...errors } },
  }, async (request) => labs.setModelReading(request.auth!.user.id, request.body.enabled));
}

/** Review of a report's extracted rows, its test date, and confirming it; own biomarkers. */
function reviewRoutes(r: ZodRoutes, labs: LabsService): void {

  r.get(ownBiomarkers.path, {
    config: { access: 'user' },
    schema: { tags, summary: "The user's own biomarkers (rows kept that the catalogue does not know)", response: { 200: ownBiomarkers.response, ...errors } },
  }, async (request) => labs.ownBiomarkers(request.auth!.user.id));

  r.put(saveReviewRow.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Save a row waiting for review as a result: mapped to a biomarker, an implausible value confirmed or corrected',
      params: saveReviewRow.params,
      body: saveReviewRow.body,
      response: { 200: saveReviewRow.response, ...notFound, ...errors },
    },
  }, async (request) => labs.saveReviewRow(request.auth!.user.id, request.params.id, request.body));

  r.post(keepReviewRowAsOwn.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Keep an unrecognised row as the user's own biomarker, with its value and range as printed",
      params: keepReviewRowAsOwn.params,
      body: keepReviewRowAsOwn.body,
      response: { 201: keepReviewRowAsOwn.response, ...notFound, ...errors },
    },
  }, async (request, reply) => reply.status(201).send(await labs.keepReviewRowAsOwn(request.auth!.user.id, request.params.id, request.body)));

  r.delete(dismissReviewRow.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Leave a row waiting for review out of the results', params: dismissReviewRow.params, response: { 200: dismissReviewRow.response, ...notFound, ...errors } },
  }, async (request) => {
    await labs.dismissReviewRow(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: 'Row left out' };
  });

  r.get(fileResults.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A file's results for review (unreviewed ones have reviewed: false)",
      params: fileResults.params,
      response: { 200: fileResults.response, ...notFound, ...errors },
    },
  }, async (request) => labs.results(request.auth!.user.id, request.params.id));

  r.post(addFileResult.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Add a result to a file by hand',
      params: addFileResult.params,
      body: addFileResult.body,
      response: { 201: addFileResult.response, ...notFound, ...errors },
    },
  }, async (request, reply) => reply.status(201).send(await labs.addToFile(request.auth!.user.id, request.params.id, request.body)));

  r.put(setTestDate.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Set the file's test date (applies to all its results)",
      params: setTestDate.params,
      body: setTestDate.body,
      response: { 200: setTestDate.response, ...notFound, ...errors },
    },
  }, async (request) => labs.setTestDate(request.auth!.user.id, request.params.id, request.body.testDate));

  r.post(confirmFile.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Confirm a file's results: all become reviewed and the file is done",
      params: confirmFile.params,
      body: confirmFile.body,
      response: { 200: confirmFile.response, ...notFound, ...errors, 409: errorResponseSchema },
    },
  }, async (request) => labs.confirm(request.auth!.user.id, request.params.id));
}

/** Results entered by hand. */
function resultRoutes(r: ZodRoutes, labs: LabsService): void {
  r.get(manualResults.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Results entered by hand without a file', response: { 200: manualResults.response, ...errors } },
  }, async (request) => labs.manualResults(request.auth!.user.id));

  r.post(addManualResult.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Enter a result by hand, without a file', body: addManualResult.body, response: { 201: addManualResult.response, ...errors } },
  }, async (request, reply) => reply.status(201).send(await labs.addManual(request.auth!.user.id, request.body)));

  r.put(updateResult.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Correct a result (it becomes reviewed)',
      params: updateResult.params,
      body: updateResult.body,
      response: { 200: updateResult.response, ...notFound, ...errors },
    },
  }, async (request) => labs.updateResult(request.auth!.user.id, request.params.id, request.body));

  r.delete(deleteResult.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Delete a result', params: deleteResult.params, response: { 200: deleteResult.response, ...notFound, ...errors } },
  }, async (request) => {
    await labs.removeResult(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: LAB_MESSAGES.resultDeleted };
  });
}
