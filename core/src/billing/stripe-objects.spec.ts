import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCheckoutSession, readInvoice, readStripeEvent, readSubscription } from './stripe-objects';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'stripe');
const fixture = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as { data?: { object: unknown }; object?: unknown };

// The recorded events of ../shared/fixtures/stripe, old API (2020-03-02) and newer shapes (pay-rails).
describe('readSubscription', () => {
  it('reads the 2020 API shape: the period on the subscription, the plan on the item', () => {
    const event = readStripeEvent(fixture('event_customer.subscription.updated_api-2020-03-02.json'));
    expect(event).toMatchObject({
      id: 'evt_1IlavxJDPojXS6LNGNOrPWFQ',
      type: 'customer.subscription.updated',
      created: new Date(1619706820 * 1000),
    });
    expect(readSubscription(event.object)).toEqual({
      id: 'sub_JLEPMp81LApOJl',
      customerId: 'cus_IhGfebO16cMIGN',
      status: 'active',
      rawStatus: 'active',
      itemId: 'si_JLEPdb3X81qQ9L',
      price: {
        id: 'price_1IDQm5JDPojXS6LNM31hxKzp',
        lookupKey: null,
        unitAmount: 0,
        currency: 'usd',
        interval: 'month',
      },
      currentPeriodEnd: new Date(1621572344 * 1000),
      cancelAtPeriodEnd: false,
      endedAt: null,
      userId: null,
      pendingUpdate: false,
      latestInvoiceUrl: null,
    });
  });

  it('reads the newer shape: the period on the items (current_period_* moved there)', () => {
    const data = fixture('event-data-only_customer.subscription.updated_pay-rails.json');
    const sub = readSubscription(data.object);
    expect(sub).toMatchObject({
      id: 'sub_00000000000000',
      status: 'canceled',
      currentPeriodEnd: new Date(1488987924 * 1000),
      endedAt: new Date(1487872069 * 1000),
    });
    expect(sub.price).toMatchObject({ id: 'FFBEGINNER_00000000000000', unitAmount: 300 });
  });

  it('reads a recorded deletion', () => {
    const sub = readSubscription(fixture('event_customer.subscription.deleted_api-2020-03-02.json').data!.object);
    expect(sub).toMatchObject({ id: 'sub_JdIzvfy6o5GZRd', status: 'canceled' });
    expect(
      readSubscription(fixture('event-data-only_customer.subscription.deleted_pay-rails.json').object).status,
    ).toBe('canceled');
  });

  it('keeps a status it does not know as null, with the raw value', () => {
    const raw = {
      ...(fixture('event_customer.subscription.created_api-2020-03-02.json').data!.object as object),
      status: 'frozen',
    };
    expect(readSubscription(raw)).toMatchObject({ status: null, rawStatus: 'frozen' });
  });

  it('refuses an object that is not a subscription', () => {
    expect(() => readSubscription(fixture('event_invoice.paid_api-2020-03-02.json').data!.object)).toThrow();
  });
});

describe('readInvoice', () => {
  it('finds the subscription on the 2020 shape (invoice.subscription) and the newer one (parent.subscription_details)', () => {
    expect(readInvoice(fixture('event_invoice.paid_api-2020-03-02.json').data!.object)).toEqual({
      id: 'in_1KJqKBJDPojXS6LNJbvLUgEy',
      customerId: 'cus_JsuO3bmrj0QlAw',
      subscriptionId: 'sub_JsuPyCPhXWfZar',
      created: new Date(1642645471 * 1000),
    });
    expect(readInvoice(fixture('event-data-only_invoice.payment_failed_pay-rails.json').object)).toMatchObject({
      id: 'in_1234',
      subscriptionId: 'sub_1234',
    });
  });
});

describe('readCheckoutSession', () => {
  it('reads a paid one-time checkout and a paid subscription checkout', () => {
    expect(
      readCheckoutSession(fixture('event_checkout.session.completed_api-2020-03-02.json').data!.object),
    ).toMatchObject({
      mode: 'payment',
      paid: true,
      customerId: 'cus_IhGfebO16cMIGN',
      subscriptionId: null,
      kind: null,
    });
    expect(
      readCheckoutSession(fixture('event-data-only_checkout.session.completed_pay-rails.json').object),
    ).toMatchObject({
      mode: 'subscription',
      paid: true,
      subscriptionId: 'sub_1LNkeSKXBGcbgpbZ7jMqOPSi',
    });
  });
});
