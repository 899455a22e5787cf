import { PostPage } from '#web/features/blog/components/post-page.tsx';

export default function ResearchPostRoute() {
  return <PostPage section="research" />;
}
