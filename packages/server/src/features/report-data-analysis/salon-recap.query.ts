import type { SalonRecapResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { euros, type GenderScope, percent } from '../../lib/report-range.js';
import { genderFilter } from '../../lib/sales-measures.query.js';

interface KindDay {
  amount: number;
  amountRec: number;
  quantity: number;
  quantityRec: number;
  discount: number;
  discountRec: number;
  appointments: number;
  newClients: number;
}
interface RecapDay {
  appointmentsDiscount: number;
  appointments: number;
  product: KindDay;
  service: KindDay;
  balance: number;
  lost: number;
}

const emptyKind = (): KindDay => ({
  amount: 0,
  amountRec: 0,
  quantity: 0,
  quantityRec: 0,
  discount: 0,
  discountRec: 0,
  appointments: 0,
  newClients: 0,
});

/**
 * Salon recap per day (SPEC.md §3, DESIGN.md §3): sales_daily for amounts, quantities and
 * discounts; appointments_daily for appointment counts and appointment discounts; recap_client_daily (migration 043:
 * client_days with clients.first_visit and each client's previous purchase day, client_days.prev_day, against the
 * salon's lost threshold) for new clients and the balance / lost counts.
 */
export async function getSalonRecap(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
): Promise<Static<typeof SalonRecapResponse>> {
  const range = sql`salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date ${genderFilter(gender)}`;
  const [salon, sales, appointments, clients] = await Promise.all([
    sql<{ lost_client_days: number }>`SELECT lost_client_days FROM salons WHERE id = ${salonId}`.execute(db),
    sql<{
      day: string;
      kind: 'SERVICE' | 'PRODUCT';
      amount: number;
      amount_rec: number;
      quantity: number;
      quantity_rec: number;
      discount: number;
      discount_rec: number;
    }>`
      SELECT day::text AS day, kind, sum(revenue_cents) AS amount, sum(recommended_revenue_cents) AS amount_rec,
        sum(quantity) AS quantity, sum(recommended_quantity) AS quantity_rec,
        sum(discount_cents) AS discount, sum(recommended_discount_cents) AS discount_rec
      FROM sales_daily WHERE ${range}
      GROUP BY day, kind`.execute(db),
    sql<{ day: string; appointments: number; with_service: number; with_product: number; discount: number }>`
      SELECT day::text AS day, sum(appointments) AS appointments, sum(with_service) AS with_service, sum(with_product) AS with_product,
        sum(discount_cents) AS discount
      FROM appointments_daily WHERE ${range}
      GROUP BY day`.execute(db),
    // New and returning clients per day, counted in the rollup (recap_client_daily, migration 043) with the salon's lost threshold.
    sql<{ day: string; new_service: number; new_product: number; new_any: number; returning_balance: number; returning_lost: number }>`
      SELECT day::text AS day, sum(new_service) AS new_service, sum(new_product) AS new_product, sum(new_clients) AS new_any,
        sum(balance) AS returning_balance, sum(lost) AS returning_lost
      FROM recap_client_daily WHERE ${range}
      GROUP BY day`.execute(db),
  ]);

  const days = new Map<string, RecapDay>();
  const dayOf = (day: string): RecapDay => {
    let d = days.get(day);
    if (!d) {
      d = { appointmentsDiscount: 0, appointments: 0, product: emptyKind(), service: emptyKind(), balance: 0, lost: 0 };
      days.set(day, d);
    }
    return d;
  };
  for (const r of sales.rows) {
    const k = dayOf(r.day)[r.kind === 'SERVICE' ? 'service' : 'product'];
    k.amount = Number(r.amount);
    k.amountRec = Number(r.amount_rec);
    k.quantity = Number(r.quantity);
    k.quantityRec = Number(r.quantity_rec);
    k.discount = Number(r.discount);
    k.discountRec = Number(r.discount_rec);
  }
  for (const r of appointments.rows) {
    const d = dayOf(r.day);
    d.appointments = Number(r.appointments);
    d.appointmentsDiscount = Number(r.discount);
    d.service.appointments = Number(r.with_service);
    d.product.appointments = Number(r.with_product);
  }
  for (const r of clients.rows) {
    const d = dayOf(r.day);
    d.service.newClients = Number(r.new_service);
    d.product.newClients = Number(r.new_product);
    d.balance = Number(r.returning_balance);
    d.lost = Number(r.returning_lost);
  }

  const block = (k: KindDay) => ({
    amountCassaNova: euros(k.amount),
    amountRecommended: euros(k.amountRec),
    appointmentCount: k.appointments,
    newClientCount: k.newClients,
    quantityCassaNova: k.quantity,
    quantityRecommended: k.quantityRec,
  });
  const sum = {
    services: 0,
    servicesRec: 0,
    products: 0,
    productsRec: 0,
    appointments: 0,
    apptDiscount: 0,
    sDisc: 0,
    pDisc: 0,
    balance: 0,
    lost: 0,
  };
  const dayFrom = [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, d]) => {
      sum.services += d.service.amount;
      sum.servicesRec += d.service.amountRec;
      sum.products += d.product.amount;
      sum.productsRec += d.product.amountRec;
      sum.appointments += d.appointments;
      sum.apptDiscount += d.appointmentsDiscount;
      sum.sDisc += d.service.discount;
      sum.pDisc += d.product.discount;
      sum.balance += d.balance;
      sum.lost += d.lost;
      return {
        day,
        appointmentsDiscount: euros(d.appointmentsDiscount),
        productDataRecommendedCheckoutCassaNova: {
          ...block(d.product),
          discountsProductsValue: euros(d.product.discount),
          discountsProductsValueRec: euros(d.product.discountRec),
        },
        serviceDataRecommendedCheckoutCassaNova: {
          ...block(d.service),
          discountsServicesValue: euros(d.service.discount),
          discountsServicesValueRec: euros(d.service.discountRec),
          balanceClientCount: d.balance,
          lostClientCount: d.lost,
        },
      };
    });

  // A client has one first visit and one client day per day: their rows of new_any are distinct clients.
  const newClientCount = clients.rows.reduce((n, r) => n + Number(r.new_any), 0);
  const total = sum.services + sum.products;
  return {
    reportDashboardDataDiscounts: [{ salonId, fromDate: from, toDate: to, dayFrom }],
    recapData: {
      salonId,
      fromDate: from,
      toDate: to,
      gender,
      lostClientDays: Number(salon.rows[0]?.lost_client_days ?? 180),
      servicesAmount: euros(sum.services),
      servicesAmountRecommended: euros(sum.servicesRec),
      productsAmount: euros(sum.products),
      productsAmountRecommended: euros(sum.productsRec),
      totalAmount: euros(total),
      recommendedSharePercent: percent(sum.servicesRec + sum.productsRec, total),
      appointmentCount: sum.appointments,
      appointmentsDiscount: euros(sum.apptDiscount),
      servicesDiscount: euros(sum.sDisc),
      productsDiscount: euros(sum.pDisc),
      newClientCount,
      balanceClientCount: sum.balance,
      lostClientCount: sum.lost,
    },
  };
}
