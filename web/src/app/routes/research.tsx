import { PostListPage } from '#web/features/blog/components/post-list-page.tsx';

export default function ResearchRoute() {
  return <PostListPage section="research" />;
}
