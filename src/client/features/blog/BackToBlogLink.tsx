import { Link } from 'wouter';
import { ChevronLeftIcon } from '#client/ui/icons/index.tsx';
import { blogTexts } from './texts';

export function BackToBlogLink() {
  return (
    <Link href="/blog" className="button button--outline">
      <ChevronLeftIcon />
      {blogTexts.backToList}
    </Link>
  );
}
