import type { BlogPostBody } from '@digitic/rest-contract';
import type { BlogPostInput, Resolvers } from '../__generated__/resolvers-types.js';
import { byStatus, orNull } from './support.js';

function postBody(input: BlogPostInput): BlogPostBody {
  return {
    title: input.title,
    ...(input.slug ? { slug: input.slug } : {}),
    description: input.description,
    category: input.category,
    ...(input.author ? { author: input.author } : {}),
    images: input.images ?? [],
  };
}

/** The blog's posts, drafts and published. */
export const blogs: Resolvers = {
  Query: {
    blogPosts: (_root, args, { api }) => api.blogs.list(byStatus(args)),
    blogPost: (_root, { id }, { api }) => orNull(api.blogs.get(id)),
  },
  Mutation: {
    createBlogPost: (_root, { input, publish }, { api }) => api.blogs.create({ ...postBody(input), publish: publish ?? false }),
    updateBlogPost: (_root, { id, version, input }, { api }) => api.blogs.update(id, version, postBody(input)),
    publishBlogPost: (_root, { id, version }, { api }) => api.blogs.publish(id, version, true),
    unpublishBlogPost: (_root, { id, version }, { api }) => api.blogs.publish(id, version, false),
  },
  BlogPostList: { items: (list) => list.posts },
};
