import type { Resolvers } from '../__generated__/resolvers-types.js';

/** What shoppers searched for, and the synonyms. */
export const search: Resolvers = {
  Query: {
    searchReport: async (_root, { days }, { api }) => {
      const r = await api.search.report(days ?? 30);
      return { days: r.days, searches: r.totals.searches, noResults: r.totals.noResults, top: r.top, noResultQueries: r.noResults };
    },
    searchSynonyms: (_root, _args, { api }) => api.search.synonyms(),
  },
  Mutation: {
    saveSearchSynonym: (_root, { word, also }, { api }) => api.search.save(word, also),
    removeSearchSynonym: async (_root, { word }, { api }) => {
      await api.search.remove(word);
      return true;
    },
  },
};
