import { runHarness } from '@dating/shared/harness';

runHarness({
  packageName: 'mf-commerce',
  container: 'mf_commerce',
  views: [
    { view: 'premium', routeName: 'premium' },
    { view: 'pricing', routeName: 'pricing' },
    { view: 'credits', routeName: 'credits' },
    { view: 'repeat-order', routeName: 'credits-repeat-order' },
    { view: 'credit-checkout', routeName: 'credits-creditId-paymentMethod', params: { creditId: '1', paymentMethod: 'ideal' } },
    { view: 'credit-checkout', routeName: 'credits-creditId-paymentMethod', params: { creditId: '1' } },
    { view: 'transaction', routeName: 'transactions-transactionId', params: { transactionId: '1' } },
  ],
});
