import { BlogAdmin } from '#web/features/blog/components/blog-admin.tsx';

export default function AdminBlogRoute() {
  return <BlogAdmin />;
}
