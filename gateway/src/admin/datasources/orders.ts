import type {
  AdminOrderRecord,
  AdminRefundQuote,
  DashboardRecord,
  MoveOrderBody,
  OrderListQuery,
  OrderListRecord,
  OrderNoteBody,
  RefundOrderBody,
  RefundQuoteBody,
  StaffCancelOrderBody,
} from '@digitic/rest-contract';
import { Desk } from './desk.js';
import type { StaffUpstream } from './upstream.js';

/** The order desk: orders, the moves staff make, and the day's dashboard. Every move answers the order whole. */
export class OrdersApi extends Desk<OrderListQuery, OrderListRecord, AdminOrderRecord> {
  constructor(upstream: StaffUpstream) {
    super(upstream, 'admin/orders', 'Order');
  }

  move = (id: string, body: MoveOrderBody) => this.act<MoveOrderBody>(id, 'status', body);
  addNote = (id: string, note: string) => this.act<OrderNoteBody>(id, 'notes', { note });
  cancel = (id: string, body: StaffCancelOrderBody) => this.act<StaffCancelOrderBody>(id, 'cancel', body);
  refund = (id: string, body: RefundOrderBody) => this.act<RefundOrderBody>(id, 'refunds', body);
  /** What the refund would be; nothing is written. */
  refundQuote = (id: string, body: RefundQuoteBody) =>
    this.upstream.send<AdminRefundQuote, RefundQuoteBody>('POST', `${this.at(id)}/refund-quote`, body);
  dashboard = () => this.upstream.get<DashboardRecord>('admin/dashboard');
}
