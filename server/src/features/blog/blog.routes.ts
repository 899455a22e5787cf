import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_THUMBNAIL_MAX_BYTES, blogEndpoints } from '#contract/blog.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import type { Actor, BlogService } from './blog.service.ts';
import { readThumbnailUpload } from './blog.thumbnails.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';

const { list, post, adminList, preview, adminPost, create, update, remove, publish, unpublish, setThumbnail, removeThumbnail } = blogEndpoints;

const adminErrors = { 400: errorResponseSchema, 404: errorResponseSchema };
const tags = ['blog'];
const adminTags = ['admin'];

export function actorOf(request: FastifyRequest): Actor {
  return { id: request.auth!.user.id, ipAddress: request.ip };
}

export async function blogRoutes(app: FastifyInstance, { blog }: { blog: BlogService }): Promise<void> {
  // Multipart only here (thumbnails); the size cap is enforced while the file streams.
  await app.register(multipart, { limits: { fileSize: BLOG_THUMBNAIL_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ─── Public ────────────────────────────────────────────────────────────────────────────────

  r.get(list.path, {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'A page of published posts of one section (learn or research), newest first, 6 a page',
      querystring: list.query,
      response: { 200: list.response, 400: errorResponseSchema },
    },
  }, async (request) => blog.listPublished(request.query.section, request.query.page));

  // Bytes, not JSON: no response schema (errors still answer with the error shape).
  r.get('/api/blog/thumbnails/:name', {
    config: { access: 'public' },
    schema: { tags, summary: "A post's thumbnail image (PNG, JPEG or WebP that we encoded)", params: z.strictObject({ name: z.string().max(200) }) },
  }, async (request, reply) => {
    const image = await blog.thumbnail(request.params.name, request.auth?.user.isAdmin === true);
    // Every upload gets a new name, so a published thumbnail never changes under its address.
    reply.header('cache-control', image.published ? 'public, max-age=31536000, immutable' : 'private, no-store');
    return reply.header('content-type', image.contentType).header('content-length', String(image.bytes.byteLength)).send(image.bytes);
  });

  r.get(post.path, {
    config: { access: 'public' },
    schema: { tags, summary: 'One published post, with its HTML content and cited studies', params: post.params, response: { 200: post.response, 404: errorResponseSchema } },
  }, async (request) => blog.getPublished(request.params.slug));

  adminRoutes(r, blog);
}

/** Writing, publishing and illustrating posts (admin). */
function adminRoutes(r: ZodRoutes, blog: BlogService): void {
  r.get(adminList.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, summary: 'Every post, drafts first', querystring: adminList.query, response: { 200: adminList.response, ...adminErrors } },
  }, async (request) => blog.adminList(request.query));

  r.post(preview.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, summary: 'Markdown rendered and sanitised exactly as a saved post is', body: preview.body, response: { 200: preview.response, ...adminErrors } },
  }, async (request) => blog.preview(request.body.contentMarkdown));

  r.get(adminPost.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, params: adminPost.params, response: { 200: adminPost.response, ...adminErrors } },
  }, async (request) => blog.adminGet(request.params.id));

  r.post(create.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, summary: 'Create a draft post', body: create.body, response: { 201: create.response, ...adminErrors, 409: errorResponseSchema } },
  }, async (request, reply) => reply.status(201).send(await blog.create(actorOf(request), request.body)));

  r.put(update.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, params: update.params, body: update.body, response: { 200: update.response, ...adminErrors, 409: errorResponseSchema } },
  }, async (request) => blog.update(actorOf(request), request.params.id, request.body));

  r.delete(remove.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, params: remove.params, response: { 200: remove.response, ...adminErrors } },
  }, async (request) => {
    await blog.remove(actorOf(request), request.params.id);
    return { ok: true as const, message: 'Post deleted successfully' };
  });

  r.post(publish.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, params: publish.params, response: { 200: publish.response, ...adminErrors } },
  }, async (request) => blog.setPublished(actorOf(request), request.params.id, true));

  r.post(unpublish.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, params: unpublish.params, response: { 200: unpublish.response, ...adminErrors } },
  }, async (request) => blog.setPublished(actorOf(request), request.params.id, false));

  r.put(setThumbnail.path, {
    config: { access: 'admin' },
    schema: {
      tags: adminTags,
      summary: 'Upload the thumbnail (multipart/form-data, field "file"): PNG, JPEG, WebP or SVG, judged by content, re-encoded without metadata',
      consumes: ['multipart/form-data'],
      params: setThumbnail.params,
      response: { 200: setThumbnail.response, ...adminErrors, 413: errorResponseSchema, 415: errorResponseSchema },
    },
  }, async (request) => blog.setThumbnail(actorOf(request), request.params.id, () => readThumbnailUpload(request)));

  r.delete(removeThumbnail.path, {
    config: { access: 'admin' },
    schema: { tags: adminTags, params: removeThumbnail.params, response: { 200: removeThumbnail.response, ...adminErrors } },
  }, async (request) => blog.removeThumbnail(actorOf(request), request.params.id));
}
