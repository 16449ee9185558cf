import type { MoveReturnBody, RefundReturnBody, ReturnDeskRecord, ReturnListQuery, ReturnListRecord } from '@digitic/rest-contract';
import { Desk } from './desk.js';
import type { StaffUpstream } from './upstream.js';

/** The returns desk: decided, received and refunded by staff. Every move answers the return whole. */
export class ReturnsApi extends Desk<ReturnListQuery, ReturnListRecord, ReturnDeskRecord> {
  constructor(upstream: StaffUpstream) {
    super(upstream, 'admin/returns', 'Return');
  }

  move = (id: string, body: MoveReturnBody) => this.act<MoveReturnBody>(id, 'status', body);
  refund = (id: string, body: RefundReturnBody) => this.act<RefundReturnBody>(id, 'refund', body);
}
