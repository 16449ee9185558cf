import type { EnquiryBody } from '@digitic/rest-contract';
import type { EnquiryRecord } from './types.js';
import type { Upstream } from './upstream.js';

export class EnquiriesApi {
  constructor(private readonly upstream: Upstream) {}

  submit = (body: EnquiryBody) => this.upstream.send<EnquiryRecord, EnquiryBody>('POST', 'enquiry', body);
}
