import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { NoRecord } from '../../components/no-record';
import { MediaLibrary } from '../../components/media-library';
import { DescriptionField } from '../../components/description-field';
import { type Message, Said, saying } from '../../components/said';
import { SaveForm, useSaveForm } from '../../components/save-form';
import { when } from '../../lib/format';
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
  const post = data?.blogPost ?? null;
  if (error || (!isNew && !post)) return <NoRecord loading={!isNew && loading && !data} error={error} missing="There is no such post." />;
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
  const [create, creating] = useCreateBlogPostMutation();
  const [update, updating] = useUpdateBlogPostMutation();
  const saving = useSaveForm({
    record: post,
    idPrefix: 'post',
    schema: PostSchema,
    valuesOf,
    // Published or unpublished here (or changed elsewhere) while nothing is being typed: the form follows it,
    // so its next save names the version it shows. With edits under way, a save is told to reload instead.
    follow: true,
    input: (v) => ({
      title: v.title,
      ...(v.slug ? { slug: v.slug } : {}),
      category: v.category,
      ...(v.author ? { author: v.author } : {}),
      images: lines(v.images),
      description: v.description,
    }),
    create: async (input) => {
      const made = await create({ variables: { input } });
      return made.data ? `/posts/${made.data.createBlogPost.id}` : undefined;
    },
    update: async (input, id, version) => (await update({ variables: { id, version, input } })).data?.updateBlogPost,
  });
  const { field, attrs, form } = saving;
  const description = form.watch('description');
  const images = form.watch('images');
  return (
    <SaveForm saving={saving} label="Post" createText="Save as a draft" busy={creating.loading || updating.loading}>
      {field('title', 'Title', <input {...attrs('title')} />)}
      {field('slug', 'Web address (made from the title when left empty)', <input {...attrs('slug')} />)}
      {field('category', 'Category', <input {...attrs('category')} />)}
      {field('author', 'Author (Digitic Editorial when empty)', <input {...attrs('author')} />)}
      <MediaLibrary
        label="Pictures (the main one first)"
        for="blog"
        value={lines(images).map((url) => ({ url, alt: '' }))}
        onChange={(next) => form.setValue('images', next.map((p) => p.url).join('\n'), { shouldDirty: true, shouldValidate: true })}
        editable
        error={form.formState.errors.images?.message}
      />
      <DescriptionField
        id={attrs('description').id}
        label="The post"
        value={description}
        onChange={(v) => form.setValue('description', v, { shouldDirty: true, shouldValidate: true })}
        html={attrs('description')}
        error={form.formState.errors.description?.message}
        previewTitle="Post preview"
      />
    </SaveForm>
  );
}

function PublishButton({ post }: { post: BlogPostWholeFragment }) {
  const [publish, publishing] = usePublishBlogPostMutation();
  const [unpublish, unpublishing] = useUnpublishBlogPostMutation();
  const [message, setMessage] = useState<Message>(null);
  const run = saying(setMessage, 'Not done');
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
      <Said message={message} />
    </div>
  );
}
