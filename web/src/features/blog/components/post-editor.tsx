import { ArrowLeft, ExternalLink, ImageOff, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
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
import { useAdminPost, useDeletePost, useRemoveThumbnail, useSavePost, useSetPublished, useUploadThumbnail } from '../api/admin-posts.ts';
import { formatPostDate, postPath } from '../utils/format.ts';
import { type PostFormErrors, type PostFormValues, emptyPostForm, formToPostBody, postToForm, suggestedSlug, validatePostForm, withTitle } from '../utils/post-form.ts';
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

type Change = (next: Partial<PostFormValues>, fields: string[]) => void;
type EditorProps = { post: AdminBlogPost | null; newSection: BlogSection; onClose: () => void; onCreated: (id: string) => void };

function EditorForm({ post, newSection, onClose, onCreated }: EditorProps) {
  const id = useId();
  const editor = usePostEditor({ post, newSection, onCreated });
  const { values, errors, change, thumbnailFile } = editor;
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
    <form noValidate onSubmit={(event) => (event.preventDefault(), void editor.submit())} className="grid grid-cols-1 gap-6">
      <EditorHeader post={post} onClose={onClose} />
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <PostFields id={id} values={values} errors={errors} change={change} onTitle={editor.changeTitle} />
          <ThumbnailField
            id={id}
            section={values.section}
            file={thumbnailFile}
            savedUrl={post?.thumbnailUrl ?? null}
            removing={removeThumbnail.isPending}
            onRemove={() => void dropThumbnail()}
          />
        </CardContent>
      </Card>
      <ContentCard id={id} markdown={values.contentMarkdown} error={errors.contentMarkdown} onChange={(contentMarkdown) => change({ contentMarkdown }, ['contentMarkdown'])} />
      <Card>
        <CardContent className="pt-6">
          <CitationsEditor
            citations={values.citations}
            required={values.section === 'research'}
            errors={errors}
            onChange={(citations) => change({ citations }, ['citations', ...Object.keys(errors).filter((key) => key.startsWith('citations.'))])}
          />
        </CardContent>
      </Card>
      <EditorActions post={post} busy={editor.busy} onSubmit={(then) => void editor.submit(then)} onDelete={() => setDeleting(true)} />
      <DeletePostConfirm open={deleting} title={post?.title ?? ''} onOpenChange={setDeleting} onConfirm={() => void confirmDelete()} />
    </form>
  );
}

/** The editor's values and errors, the chosen thumbnail, and the save that sends them. */
function usePostEditor({ post, newSection, onCreated }: Omit<EditorProps, 'onClose'>) {
  const initial = useMemo(() => (post ? postToForm(post) : emptyPostForm(newSection)), [post, newSection]);
  const [values, setValues] = useState<PostFormValues>(initial);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const thumbnailFile = useThumbnailFile();
  const save = useSavePost();
  const setPublished = useSetPublished();
  const upload = useUploadThumbnail();
  const busy = save.isPending || setPublished.isPending || upload.isPending;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial) || thumbnailFile.file !== null;
  useWarnBeforeLeaving(dirty);

  const change: Change = (next, fields) => {
    setValues((current) => ({ ...current, ...next }));
    if (fields.some((field) => errors[field])) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key))));
  };
  const changeTitle = (title: string) => {
    setValues((current) => withTitle(current, title));
    setErrors((current) => ({ ...current, title: '', slug: '' }));
  };

  /** Saves the post (and a chosen thumbnail), then publishes or unpublishes it when asked. */
  const submit = async (then?: 'publish' | 'unpublish') => {
    const found = validatePostForm(values);
    if (then === 'publish' && values.section === 'research' && values.citations.length === 0) found.citations = BLOG_MESSAGES.researchNeedsCitation;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Error', { description: Object.values(found)[0] });
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
      else if (saved) setValues(postToForm(saved));
    } catch (error) {
      const fieldErrors: PostFormErrors = {};
      if (isApiError(error)) for (const detail of error.details) fieldErrors[detail.field] ??= detail.message;
      setErrors(fieldErrors);
      toast.error('Error', { description: errorMessage(error, 'Failed to save post') });
      // A new post that was created before a later step failed is kept; continue editing it.
      if (!post && saved) onCreated(saved.id);
    }
  };

  return { values, errors, change, changeTitle, thumbnailFile, busy, submit };
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

type PostFieldsProps = { id: string; values: PostFormValues; errors: PostFormErrors; change: Change; onTitle: (title: string) => void };

/** Section, title, slug (with the server's free suggestion) and excerpt. */
function PostFields({ id, values, errors, change, onTitle }: PostFieldsProps) {
  const slugSuggestion = errors.slug ? suggestedSlug(errors.slug) : undefined;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <FormField id={`${id}-section`} label="Section" error={errors.section}>
          {(control) => (
            <NativeSelect {...control} value={values.section} onChange={(event) => change({ section: event.target.value as BlogSection }, ['section', 'citations'])}>
              <option value="learn">Learn</option>
              <option value="research">Research</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-title`} label="Title" error={errors.title}>
          {(control) => <Input {...control} value={values.title} maxLength={200} required onChange={(event) => onTitle(event.target.value)} />}
        </FormField>
      </div>
      <FormField
        id={`${id}-slug`}
        label="Slug"
        error={errors.slug || undefined}
        hint={
          <>
            The address: /{values.section}/{values.slug || '…'}
            {slugSuggestion ? (
              <Button type="button" variant="link" size="sm" className="h-auto px-2 py-0" onClick={() => change({ slug: slugSuggestion, slugEdited: true }, ['slug'])}>
                Use {slugSuggestion}
              </Button>
            ) : null}
          </>
        }
      >
        {(control) => (
          <Input {...control} value={values.slug} maxLength={100} autoComplete="off" spellCheck={false} onChange={(event) => change({ slug: event.target.value, slugEdited: true }, ['slug'])} />
        )}
      </FormField>
      <FormField id={`${id}-excerpt`} label="Excerpt" error={errors.excerpt} hint="One or two sentences for the list, search results and link previews.">
        {(control) => <Textarea {...control} value={values.excerpt} maxLength={500} className="min-h-20" onChange={(event) => change({ excerpt: event.target.value }, ['excerpt'])} />}
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
function ContentCard({ id, markdown, error, onChange }: { id: string; markdown: string; error: string | undefined; onChange: (markdown: string) => void }) {
  const [narrowView, setNarrowView] = useState<'write' | 'preview'>('write');
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
              value={markdown}
              maxLength={100_000}
              className="min-h-96 font-mono text-sm leading-6"
              placeholder={'## A heading\n\nA paragraph with **bold** text and a [link](https://example.org).'}
              onChange={(event) => onChange(event.target.value)}
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
