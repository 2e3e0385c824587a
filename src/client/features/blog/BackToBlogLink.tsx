import { Link } from 'wouter';
import { ChevronLeftIcon } from '../../ui/icons';
import { blogTexts } from './texts';

export function BackToBlogLink() {
  return (
    <Link href="/blog" className="button button--outline">
      <ChevronLeftIcon />
      {blogTexts.backToList}
    </Link>
  );
}
