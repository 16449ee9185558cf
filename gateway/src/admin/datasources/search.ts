import type { SearchReportRecord, SearchSynonymBody, SearchSynonymRecord } from '@digitic/rest-contract';
import type { StaffUpstream } from './upstream.js';

/** The Search screen (search:manage): what shoppers searched for, and the synonyms. */
export class SearchApi {
  constructor(private readonly upstream: StaffUpstream) {}

  report = (days: number) => this.upstream.get<SearchReportRecord, { days: number }>('admin/search/report', { days });
  synonyms = () => this.upstream.get<SearchSynonymRecord[]>('admin/search/synonyms');
  save = (word: string, also: string[]) =>
    this.upstream.send<SearchSynonymRecord, SearchSynonymBody>('PUT', `admin/search/synonyms/${encodeURIComponent(word)}`, { also });
  remove = (word: string) => this.upstream.send<undefined>('DELETE', `admin/search/synonyms/${encodeURIComponent(word)}`);
}
