import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { PhotoUpload } from '../../components/photo-upload';
import { problem, when } from '../../lib/format';
import { useBlogPostQuery } from './__generated__/blog-post';
import { useCreateBlogPostMutation } from './__generated__/create-blog-post';
import type { BlogPostWholeFragment } from './__generated__/post-whole';
import { usePublishBlogPostMutation } from './__generated__/publish-blog-post';
import { useUnpublishBlogPostMutation } from './__generated__/unpublish-blog-post';
import { useUpdateBlogPostMutation } from './__generated__/update-blog-post';

// The api checks every field (and names what is wrong); these only answer early.
const PostSchema = z.object({
  title: z.string().trim().min(1, 'Give the post a title').max(200, 'At most 200 characters'),
  slug: z
    .string()
    .trim()
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Lowercase letters, digits and single dashes (or leave it empty)'),
  category: z.string().trim().min(1, 'Give a category').max(100),
  author: z.string().trim().max(100),
  images: z.string(),
  description: z.string().min(1, 'Write the post').max(200_000, 'At most 200,000 characters'),
});
type PostValues = z.input<typeof PostSchema>;
const lines = (v: string) =>
  v
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const valuesOf = (p?: BlogPostWholeFragment | null): PostValues => ({
  title: p?.title ?? '',
  slug: p?.slug ?? '',
  category: p?.category ?? '',
  author: p?.author ?? '',
  images: p?.images.join('\n') ?? '',
  description: p?.description ?? '',
});

/** One blog post: its fields with a preview of its HTML, its pictures (uploaded photos too), publish and unpublish. `/posts/new` writes one. */
export function PostPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const { data, error, loading } = useBlogPostQuery({ variables: { id: id ?? '' }, skip: isNew, fetchPolicy: 'cache-and-network' });
  if (!isNew && loading && !data) return <p>Loading…</p>;
  if (error) return <p role="alert">{problem(error)}</p>;
  const post = data?.blogPost ?? null;
  if (!isNew && !post) return <p>There is no such post.</p>;
  return (
    <section>
      <p>
        <Link to="/posts">All posts</Link>
      </p>
      <h1>{post ? post.title : 'New post'}</h1>
      {post && (
        <p>
          {post.publishedAt ? `Published ${when(post.publishedAt)}; read ${post.views} times.` : 'A draft: not on the storefront.'} Changed{' '}
          {when(post.updatedAt)}. {post.publishedAt && <a href={`/blog/${post.id}`}>See it on the blog</a>}
        </p>
      )}
      <PostForm key={post?.id ?? 'new'} post={post} />
      {post && <PublishButton key={`${post.id}:${post.version}`} post={post} />}
    </section>
  );
}

function PostForm({ post }: { post: BlogPostWholeFragment | null }) {
  const navigate = useNavigate();
  const [create, creating] = useCreateBlogPostMutation();
  const [update, updating] = useUpdateBlogPostMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [loadedVersion, setLoadedVersion] = useState(post?.version ?? 0);
  const { register, handleSubmit, formState, watch, reset, getValues, setValue } = useForm<
    PostValues,
    unknown,
    z.output<typeof PostSchema>
  >({
    resolver: zodResolver(PostSchema),
    defaultValues: valuesOf(post),
  });
  const e = formState.errors;
  const description = watch('description');
  // Published or unpublished here (or changed elsewhere) while nothing is being typed: the form follows it,
  // so its next save names the version it shows. With edits under way, a save is told to reload instead.
  const { isDirty } = formState;
  useEffect(() => {
    if (post && post.version !== loadedVersion && !isDirty) {
      reset(valuesOf(post));
      setLoadedVersion(post.version);
    }
  }, [post, loadedVersion, isDirty, reset]);
  const onSubmit = handleSubmit(async (v) => {
    setRefused(null);
    setSaved(false);
    const input = {
      title: v.title,
      ...(v.slug ? { slug: v.slug } : {}),
      category: v.category,
      ...(v.author ? { author: v.author } : {}),
      images: lines(v.images),
      description: v.description,
    };
    try {
      if (post) {
        const updated = await update({ variables: { id: post.id, version: loadedVersion, input } });
        if (updated.data) {
          reset(valuesOf(updated.data.updateBlogPost));
          setLoadedVersion(updated.data.updateBlogPost.version);
        }
        setSaved(true);
      } else {
        const made = await create({ variables: { input } });
        if (made.data) void navigate(`/posts/${made.data.createBlogPost.id}`);
      }
    } catch (err) {
      setRefused(problem(err));
    }
  });
  const field = (name: keyof PostValues, label: string, input: React.ReactNode) => (
    <>
      <label htmlFor={`post-${name}`}>{label}</label>
      {input}
      {e[name] && (
        <p className="admin-error" id={`post-${name}-error`}>
          {e[name]?.message}
        </p>
      )}
    </>
  );
  const attrs = (name: keyof PostValues) => ({
    id: `post-${name}`,
    'aria-invalid': Boolean(e[name]),
    ...(e[name] ? { 'aria-describedby': `post-${name}-error` } : {}),
    ...register(name),
  });
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label="Post">
      {field('title', 'Title', <input {...attrs('title')} />)}
      {field('slug', 'Address (made from the title when empty)', <input {...attrs('slug')} />)}
      {field('category', 'Category', <input {...attrs('category')} />)}
      {field('author', 'Author (Digitic Editorial when empty)', <input {...attrs('author')} />)}
      {field('images', 'Pictures (one address a line, the main one first)', <textarea rows={3} {...attrs('images')} />)}
      <PhotoUpload
        for="blog"
        onUploaded={(url) => {
          const now = getValues('images').trim();
          setValue('images', now ? `${now}\n${url}` : url, { shouldDirty: true, shouldValidate: true });
        }}
      />
      {field('description', 'The post (HTML: the shop keeps only safe tags)', <textarea rows={12} {...attrs('description')} />)}
      <h2>Preview</h2>
      {/* A sandbox without scripts: what was typed is shown, never run. The blog shows the sanitized HTML the api keeps. */}
      <iframe title="Post preview" className="admin-preview" sandbox="" srcDoc={description} />
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {saved && <p role="status">Saved.</p>}
      <button type="submit" disabled={creating.loading || updating.loading}>
        {post ? 'Save changes' : 'Save as a draft'}
      </button>
    </form>
  );
}

function PublishButton({ post }: { post: BlogPostWholeFragment }) {
  const [publish, publishing] = usePublishBlogPostMutation();
  const [unpublish, unpublishing] = useUnpublishBlogPostMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = (p: Promise<unknown>, done: string) =>
    p.then(
      () => setMessage({ ok: true, text: done }),
      (err: unknown) => setMessage({ ok: false, text: problem(err) ?? 'Not done' }),
    );
  return (
    <div>
      {post.publishedAt ? (
        <button
          type="button"
          disabled={unpublishing.loading}
          onClick={() => void run(unpublish({ variables: { id: post.id, version: post.version } }), 'Taken off the blog: a draft again.')}
        >
          Unpublish
        </button>
      ) : (
        <button
          type="button"
          disabled={publishing.loading}
          onClick={() => void run(publish({ variables: { id: post.id, version: post.version } }), 'Published: it is on the blog now.')}
        >
          Publish
        </button>
      )}
      {message && (
        <p className={message.ok ? undefined : 'admin-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
