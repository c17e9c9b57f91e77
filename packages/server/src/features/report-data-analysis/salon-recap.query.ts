import type { SalonRecapResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { euros, type GenderScope, percent } from '../../lib/report-range.js';

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

/** A row of the recap statement: the salon's lost threshold and one day's sums (all null on the row of a range without days). */
interface RecapRow {
  lost_client_days: number;
  day: string | null;
  s_amount: number | null;
  s_amount_rec: number | null;
  s_quantity: number | null;
  s_quantity_rec: number | null;
  s_discount: number | null;
  s_discount_rec: number | null;
  p_amount: number | null;
  p_amount_rec: number | null;
  p_quantity: number | null;
  p_quantity_rec: number | null;
  p_discount: number | null;
  p_discount_rec: number | null;
  appointments: number | null;
  with_service: number | null;
  with_product: number | null;
  appointments_discount: number | null;
  new_service: number | null;
  new_product: number | null;
  new_any: number | null;
  returning_balance: number | null;
  returning_lost: number | null;
}

/**
 * Salon recap per day, read from recap_daily (db/rollups/recap.ts), which combines per gender scope
 * and day sales_daily for amounts, quantities and discounts; appointments_daily for appointment counts and appointment
 * discounts; recap_client_daily (client_days with clients.first_visit and each client's previous purchase
 * day, client_days.prev_day, against the salon's lost threshold) for new clients and the balance / lost counts.
 */
export async function getSalonRecap(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
): Promise<Static<typeof SalonRecapResponse>> {
  // One prepared statement: the range of recap_daily of the gender scope, beside the salon's lost threshold
  // (a row with a null day when the range has none).
  const { rows } = await prepared(
    'salon-recap',
    sql<RecapRow>`
    SELECT s.lost_client_days, r.day::text AS day, r.s_amount, r.s_amount_rec, r.s_quantity, r.s_quantity_rec, r.s_discount,
      r.s_discount_rec, r.p_amount, r.p_amount_rec, r.p_quantity, r.p_quantity_rec, r.p_discount, r.p_discount_rec, r.appointments,
      r.with_service, r.with_product, r.appointments_discount, r.new_service, r.new_product, r.new_clients AS new_any,
      r.balance AS returning_balance, r.lost AS returning_lost
    FROM salons s
    LEFT JOIN recap_daily r ON r.salon_id = s.id AND r.gender = ${gender} AND r.day BETWEEN ${from}::date AND ${to}::date
    WHERE s.id = ${salonId}
    ORDER BY r.day`,
  ).execute(db);

  const n = (v: number | null) => Number(v ?? 0);
  const kindOf = (
    amount: number | null,
    amountRec: number | null,
    quantity: number | null,
    quantityRec: number | null,
    discount: number | null,
    discountRec: number | null,
    appointments: number | null,
    newClients: number | null,
  ): KindDay => ({
    amount: n(amount),
    amountRec: n(amountRec),
    quantity: n(quantity),
    quantityRec: n(quantityRec),
    discount: n(discount),
    discountRec: n(discountRec),
    appointments: n(appointments),
    newClients: n(newClients),
  });
  const days: [string, RecapDay][] = [];
  let newClientCount = 0;
  for (const r of rows) {
    if (r.day === null) continue;
    // A client has one first visit and one client day per day: their rows of new_any are distinct clients.
    newClientCount += n(r.new_any);
    days.push([
      r.day,
      {
        appointmentsDiscount: n(r.appointments_discount),
        appointments: n(r.appointments),
        service: kindOf(
          r.s_amount,
          r.s_amount_rec,
          r.s_quantity,
          r.s_quantity_rec,
          r.s_discount,
          r.s_discount_rec,
          r.with_service,
          r.new_service,
        ),
        product: kindOf(
          r.p_amount,
          r.p_amount_rec,
          r.p_quantity,
          r.p_quantity_rec,
          r.p_discount,
          r.p_discount_rec,
          r.with_product,
          r.new_product,
        ),
        balance: n(r.returning_balance),
        lost: n(r.returning_lost),
      },
    ]);
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
  const dayFrom = days.map(([day, d]) => {
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

  const total = sum.services + sum.products;
  return {
    reportDashboardDataDiscounts: [{ salonId, fromDate: from, toDate: to, dayFrom }],
    recapData: {
      salonId,
      fromDate: from,
      toDate: to,
      gender,
      lostClientDays: Number(rows[0]?.lost_client_days ?? 180),
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
