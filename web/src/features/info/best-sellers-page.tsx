import { TextPage } from '../../components/text-page';

export const BestSellersPage = () => (
  <TextPage title="Best Sellers">
    <p>Best Sellers</p>
  </TextPage>
);
