import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink, ImageOff, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { type AdminBlogPost, BLOG_MESSAGES, BLOG_THUMBNAIL_MAX_BYTES, type BlogSection } from '#contract/blog.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { formErrors, setServerErrors } from '#web/lib/forms.ts';
import { useAdminPost, useDeletePost, useRemoveThumbnail, useSavePost, useSetPublished, useUploadThumbnail } from '../api/admin-posts.ts';
import { formatPostDate, postPath } from '../utils/format.ts';
import { type PostFormValues, emptyPostForm, formToPostBody, postFieldOf, postFormSchema, postToForm, suggestedSlug, withTitle } from '../utils/post-form.ts';
import { CitationsEditor } from './citations-editor.tsx';
import { MarkdownPreview } from './markdown-preview.tsx';
import { PostThumbnail } from './post-thumbnail.tsx';
import { DeletePostConfirm } from './delete-post-confirm.tsx';

type Props = { postId: string | null; newSection: BlogSection; onClose: () => void; onCreated: (id: string) => void };

/** Write or edit a post: Markdown with a live preview, thumbnail, cited studies, publish. */
export function PostEditor({ postId, newSection, onClose, onCreated }: Props) {
  const post = useAdminPost(postId);
  if (postId && post.isPending) return <PageSpinner />;
  if (postId && post.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-surface p-6 text-sm">
        <p className="font-medium text-destructive">{isApiError(post.error) && post.error.status === 404 ? BLOG_MESSAGES.postNotFound : BLOG_MESSAGES.fetchPostFailed}</p>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => void post.refetch()}>
            Try again
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Back to posts
          </Button>
        </div>
      </div>
    );
  }
  return <EditorForm key={postId ?? `new-${newSection}`} post={post.data ?? null} newSection={newSection} onClose={onClose} onCreated={onCreated} />;
}

type EditorProps = { post: AdminBlogPost | null; newSection: BlogSection; onClose: () => void; onCreated: (id: string) => void };
type PostForm = UseFormReturn<PostFormValues>;

function EditorForm({ post, newSection, onClose, onCreated }: EditorProps) {
  const id = useId();
  const editor = usePostEditor({ post, newSection, onCreated });
  const { form, thumbnailFile } = editor;
  const section = form.watch('section');
  const [deleting, setDeleting] = useState(false);
  const removeThumbnail = useRemoveThumbnail();
  const remove = useDeletePost();

  const dropThumbnail = async () => {
    if (!post) return;
    try {
      await removeThumbnail.mutateAsync(post.id);
      toast.success('Thumbnail removed');
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to remove the thumbnail') });
    }
  };

  const confirmDelete = async () => {
    setDeleting(false);
    if (!post) return;
    try {
      await remove.mutateAsync(post.id);
      toast.success('Post deleted successfully');
      onClose();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete post') });
    }
  };

  return (
    <form noValidate onSubmit={(event) => (event.preventDefault(), editor.submit())} className="grid grid-cols-1 gap-6">
      <EditorHeader post={post} onClose={onClose} />
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <PostFields id={id} form={form} />
          <ThumbnailField
            id={id}
            section={section}
            file={thumbnailFile}
            savedUrl={post?.thumbnailUrl ?? null}
            removing={removeThumbnail.isPending}
            onRemove={() => void dropThumbnail()}
          />
        </CardContent>
      </Card>
      <ContentCard id={id} form={form} />
      <Card>
        <CardContent className="pt-6">
          <CitationsEditor form={form} required={section === 'research'} />
        </CardContent>
      </Card>
      <EditorActions post={post} busy={editor.busy} onSubmit={editor.submit} onDelete={() => setDeleting(true)} />
      <DeletePostConfirm open={deleting} title={post?.title ?? ''} onOpenChange={setDeleting} onConfirm={() => void confirmDelete()} />
    </form>
  );
}

/** The editor's form, the chosen thumbnail, and the save that sends them. */
function usePostEditor({ post, newSection, onCreated }: Omit<EditorProps, 'onClose'>) {
  const form = useForm<PostFormValues>({
    resolver: zodResolver(postFormSchema),
    defaultValues: post ? postToForm(post) : emptyPostForm(newSection),
  });
  const thumbnailFile = useThumbnailFile();
  const save = useSavePost();
  const setPublished = useSetPublished();
  const upload = useUploadThumbnail();
  const busy = save.isPending || setPublished.isPending || upload.isPending;
  const dirty = form.formState.isDirty || thumbnailFile.file !== null;
  useWarnBeforeLeaving(dirty);

  /** Saves the post (and a chosen thumbnail), then publishes or unpublishes it when asked. */
  const send = async (values: PostFormValues, then?: 'publish' | 'unpublish') => {
    if (then === 'publish' && values.section === 'research' && values.citations.length === 0) {
      form.setError('citations', { message: BLOG_MESSAGES.researchNeedsCitation });
      toast.error('Error', { description: BLOG_MESSAGES.researchNeedsCitation });
      return;
    }
    let saved: AdminBlogPost | undefined = post ?? undefined;
    try {
      if (!post || dirty) saved = await save.mutateAsync({ id: post?.id, body: formToPostBody(values) });
      const { file } = thumbnailFile;
      if (file && saved) {
        saved = await upload.mutateAsync({ id: saved.id, file });
        thumbnailFile.clear();
      }
      if (then && saved) saved = await setPublished.mutateAsync({ id: saved.id, published: then === 'publish' });
      toast.success(then === 'publish' ? 'Post published' : then === 'unpublish' ? 'Post unpublished' : 'Post saved');
      if (!post && saved) onCreated(saved.id);
      else if (saved) form.reset(postToForm(saved));
    } catch (error) {
      setServerErrors(error, form.setError, postFieldOf);
      toast.error('Error', { description: errorMessage(error, 'Failed to save post') });
      // A new post that was created before a later step failed is kept; continue editing it.
      if (!post && saved) onCreated(saved.id);
    }
  };

  // A refused form says its first problem in a toast too: the field may be far down the page.
  const submit = (then?: 'publish' | 'unpublish') =>
    void form.handleSubmit(
      (values) => send(values, then),
      () => toast.error('Error', { description: Object.values(formErrors(postFormSchema, form.getValues()))[0] }),
    )();

  return { form, thumbnailFile, busy, submit };
}

/** Leaving the page with unsaved work asks first. */
function useWarnBeforeLeaving(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** The image chosen for upload (refused over the size limit), with a preview address while it is held. */
function useThumbnailFile() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (chosen: File | undefined) => {
    setError(undefined);
    if (!chosen) return setFile(null);
    if (chosen.size > BLOG_THUMBNAIL_MAX_BYTES) {
      setError(`The image is larger than ${BLOG_THUMBNAIL_MAX_BYTES / (1024 * 1024)} MB; please choose a smaller one`);
      if (input.current) input.current.value = '';
      return;
    }
    setFile(chosen);
  };
  const clear = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };
  return { file, error, input, preview, choose, clear };
}

function EditorHeader({ post, onClose }: { post: AdminBlogPost | null; onClose: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <button type="button" onClick={onClose} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to posts
      </button>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {post ? (
          <Badge variant={post.published ? 'default' : 'outline'}>{post.published ? `Published ${post.publishedAt ? formatPostDate(post.publishedAt) : ''}` : 'Draft'}</Badge>
        ) : (
          <Badge variant="outline">New draft</Badge>
        )}
        {post?.published ? (
          <Link to={postPath(post)} target="_blank" className="inline-flex items-center gap-1 text-primary underline underline-offset-2">
            View <ExternalLink aria-hidden="true" className="size-3" />
            <span className="sr-only">(opens in a new tab)</span>
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Section, title, slug (with the server's free suggestion) and excerpt. */
function PostFields({ id, form }: { id: string; form: PostForm }) {
  const { errors } = form.formState;
  const [section, slug] = form.watch(['section', 'slug']);
  const slugSuggestion = errors.slug?.message ? suggestedSlug(errors.slug.message) : undefined;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <FormField id={`${id}-section`} label="Section" error={errors.section?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('section', { onChange: () => form.clearErrors('citations') })}>
              <option value="learn">Learn</option>
              <option value="research">Research</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
          {(control) => (
            <Input
              {...control}
              maxLength={200}
              required
              {...form.register('title', {
                onChange: (event: ChangeEvent<HTMLInputElement>) => {
                  form.setValue('slug', withTitle(form.getValues(), event.target.value).slug, { shouldDirty: true });
                  form.clearErrors('slug');
                },
              })}
            />
          )}
        </FormField>
      </div>
      <FormField
        id={`${id}-slug`}
        label="Slug"
        error={errors.slug?.message}
        hint={
          <>
            The address: /{section}/{slug || '…'}
            {slugSuggestion ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto px-2 py-0"
                onClick={() => {
                  form.setValue('slug', slugSuggestion, { shouldDirty: true });
                  form.setValue('slugEdited', true);
                  form.clearErrors('slug');
                }}
              >
                Use {slugSuggestion}
              </Button>
            ) : null}
          </>
        }
      >
        {(control) => (
          <Input {...control} maxLength={100} autoComplete="off" spellCheck={false} {...form.register('slug', { onChange: () => form.setValue('slugEdited', true) })} />
        )}
      </FormField>
      <FormField id={`${id}-excerpt`} label="Excerpt" error={errors.excerpt?.message} hint="One or two sentences for the list, search results and link previews.">
        {(control) => <Textarea {...control} maxLength={500} className="min-h-20" {...form.register('excerpt')} />}
      </FormField>
    </>
  );
}

type ThumbnailFieldProps = {
  id: string;
  section: BlogSection;
  file: ReturnType<typeof useThumbnailFile>;
  savedUrl: string | null;
  removing: boolean;
  onRemove: () => void;
};

function ThumbnailField({ id, section, file, savedUrl, removing, onRemove }: ThumbnailFieldProps) {
  const thumbnail = file.preview ?? savedUrl;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-thumbnail-label`}>
        Thumbnail
      </span>
      <div className="grid gap-4 sm:grid-cols-[16rem_minmax(0,1fr)] sm:items-start">
        {thumbnail ? (
          <img src={thumbnail} alt="The post's thumbnail" className="aspect-video w-full rounded-lg border border-border object-cover" />
        ) : (
          <PostThumbnail url={null} section={section} />
        )}
        <div className="grid gap-2 text-sm">
          <input
            ref={file.input}
            id={`${id}-thumbnail`}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            aria-labelledby={`${id}-thumbnail-label`}
            aria-describedby={`${id}-thumbnail-hint`}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => file.choose(event.target.files?.[0])}
          />
          <p id={`${id}-thumbnail-hint`} className="text-xs text-muted-foreground">
            PNG, JPEG, WebP or SVG up to 5 MB, 16:9 looks best. It is saved with the post; location and camera details are removed.
          </p>
          {file.error ? <p className="text-destructive">{file.error}</p> : null}
          {file.file ? (
            <p className="flex items-center gap-1 text-muted-foreground">
              <Upload aria-hidden="true" className="size-4" /> {file.file.name} will be uploaded when you save.
            </p>
          ) : null}
          {savedUrl && !file.file ? (
            <div>
              <Button type="button" variant="outline" size="sm" disabled={removing} onClick={onRemove}>
                <ImageOff aria-hidden="true" /> Remove thumbnail
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The Markdown and its preview: side by side on wide screens; one at a time, switched, on narrow ones. */
function ContentCard({ id, form }: { id: string; form: PostForm }) {
  const [narrowView, setNarrowView] = useState<'write' | 'preview'>('write');
  const markdown = form.watch('contentMarkdown');
  const error = form.formState.errors.contentMarkdown?.message;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <label htmlFor={`${id}-content`} className="text-sm font-medium">
            Content
          </label>
          <p className="text-xs text-muted-foreground">Markdown: ## headings, **bold**, *italic*, - lists, [links](https://…). Scripts, styles and outside images are removed.</p>
        </div>
        {error ? <p className="text-sm text-destructive">{error}</p> : null}
        <div role="group" aria-label="Show" className="inline-flex w-fit rounded-lg bg-muted p-1 text-sm lg:hidden">
          {(['write', 'preview'] as const).map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={narrowView === view}
              onClick={() => setNarrowView(view)}
              className="h-8 rounded-md px-3 font-medium text-muted-foreground aria-pressed:bg-surface aria-pressed:text-foreground aria-pressed:shadow-sm"
            >
              {view === 'write' ? 'Write' : 'Preview'}
            </button>
          ))}
        </div>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <div className={narrowView === 'preview' ? 'hidden lg:block' : undefined}>
            <Textarea
              id={`${id}-content`}
              aria-invalid={Boolean(error)}
              maxLength={100_000}
              className="min-h-96 font-mono text-sm leading-6"
              placeholder={'## A heading\n\nA paragraph with **bold** text and a [link](https://example.org).'}
              {...form.register('contentMarkdown')}
            />
          </div>
          <div className={narrowView === 'write' ? 'hidden min-w-0 lg:grid lg:content-start lg:gap-2' : 'grid min-w-0 content-start gap-2'}>
            <p className="text-xs font-medium text-muted-foreground uppercase">Preview</p>
            <MarkdownPreview markdown={markdown} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

type EditorActionsProps = { post: AdminBlogPost | null; busy: boolean; onSubmit: (then?: 'publish' | 'unpublish') => void; onDelete: () => void };

function EditorActions({ post, busy, onSubmit, onDelete }: EditorActionsProps) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
      <div>
        {post ? (
          <Button type="button" variant="ghost" className="text-destructive" onClick={onDelete}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Saving...' : post?.published ? 'Save changes' : 'Save draft'}
        </Button>
        {post?.published ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => onSubmit('unpublish')}>
            Unpublish
          </Button>
        ) : (
          <Button type="button" disabled={busy} onClick={() => onSubmit('publish')}>
            Publish
          </Button>
        )}
      </div>
    </div>
  );
}
