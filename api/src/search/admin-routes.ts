import type { SearchReportRecord, SearchSynonymBody } from '@digitic/rest-contract';
import type { AppDeps } from '../deps.js';
import { actor, type Declare } from '../http/staff-guard.js';
import { type Accepts, parseInput } from '../http/validate.js';
import { SearchReportQuery, searchReport } from './log.js';
import { SynonymInput, SynonymWord } from './synonyms.js';

// The contract's body is what the desk takes.
export type ContractBodies = [Accepts<typeof SynonymInput, SearchSynonymBody>];

/** The Search screen under /api/admin/search (search:manage): what shoppers searched for, and the synonyms. */
export function searchAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'db' | 'synonyms'>) {
  declare('get', '/admin/search/report', 'search:manage', async (req, res) => {
    const { days } = parseInput(SearchReportQuery, req.query);
    res.json((await searchReport(deps.db, days)) satisfies SearchReportRecord);
  });
  declare('get', '/admin/search/synonyms', 'search:manage', async (_req, res) => {
    res.json(await deps.synonyms.list());
  });
  declare('put', '/admin/search/synonyms/:word', 'search:manage', async (req, res) => {
    const word = parseInput(SynonymWord, req.params.word);
    res.json(await deps.synonyms.save(word, parseInput(SynonymInput, req.body).also, actor(req, res)));
  });
  declare('delete', '/admin/search/synonyms/:word', 'search:manage', async (req, res) => {
    await deps.synonyms.remove(parseInput(SynonymWord, req.params.word), actor(req, res));
    res.status(204).end();
  });
}
