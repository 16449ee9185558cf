// The sales report (/api/admin/reports/sales): the shop's days (India time), money in paise.

/** GET /api/admin/reports/sales?days=7|30|90: the last `days` days, today included. */
export interface SalesReportQuery {
  days?: number;
}

/** One day's figures. */
export interface SalesDayRecord {
  /** The shop's day, YYYY-MM-DD. */
  day: string;
  /** Orders placed that day (cancelled ones included: their money was taken, and their refunds count as refunds). */
  orders: number;
  /** What those orders paid. */
  takenPaise: number;
  /** Refunds recorded that day and not failed, whatever day their order was placed. */
  refundedPaise: number;
  /** Taken less refunded. */
  netPaise: number;
  /** What an order paid on average that day (0 without orders). */
  averageOrderPaise: number;
}

export interface SalesReportRecord {
  days: SalesDayRecord[];
  /** The whole period's figures (its average is over all its orders). */
  totals: Omit<SalesDayRecord, 'day'>;
}
