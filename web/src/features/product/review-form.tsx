import { useState } from 'react';
import { toast } from 'react-hot-toast/headless';
import { useNavigate } from 'react-router-dom';
import { useRateProductMutation } from './__generated__/rate-product';
import { StarRating } from '../../components/star-rating';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { storedToken } from '../../lib/storage';
import './product.css';
export function ReviewForm({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const [star, setStar] = useState(0);
  const [comment, setComment] = useState('');
  const [rate, { loading }] = useRateProductMutation();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (star === 0) return void toast.error(MESSAGES.addStarRating);
    if (!comment.trim()) return void toast.error(MESSAGES.writeReview);
    if (!storedToken()) return void navigate(ROUTES.login);
    try {
      await rate({ variables: { input: { productId, star, comment: comment.trim() } } });
      toast.success(MESSAGES.ratingAdded);
      setStar(0);
      setComment('');
    } catch {
      // A failed rating only sets an error flag in the spec; the form stays filled for another try.
    }
  };

  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} aria-label="Write a Review">
      <h3>Write a Review</h3>
      <StarRating value={star} onChange={setStar} label="Your rating" />
      <label className="visually-hidden" htmlFor="review-comment">
        Comments
      </label>
      <textarea id="review-comment" rows={4} placeholder="Comments" value={comment} onChange={(e) => setComment(e.target.value)} />
      <button type="submit" className="button" disabled={loading}>
        Submit Review
      </button>
    </form>
  );
}
