import { PostListPage } from '#web/features/blog/components/post-list-page.tsx';

export default function LearnRoute() {
  return <PostListPage section="learn" />;
}
