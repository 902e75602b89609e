#include "ir/support/deep_stack.h"

#include <pthread.h>

#include <exception>

namespace tf {

namespace {

struct Job {
  const std::function<void()>* body;
  std::exception_ptr thrown;
};

void* run_job(void* arg) {
  auto* job = static_cast<Job*>(arg);
  try {
    (*job->body)();
  } catch (...) {
    job->thrown = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void run_with_stack(std::size_t bytes, const std::function<void()>& body) {
  Job job{&body, nullptr};
  pthread_attr_t attr;
  bool started = false;
  pthread_t thread;
  if (pthread_attr_init(&attr) == 0) {
    started = pthread_attr_setstacksize(&attr, bytes) == 0 && pthread_create(&thread, &attr, run_job, &job) == 0;
    pthread_attr_destroy(&attr);
  }
  if (!started) {
    body();
    return;
  }
  pthread_join(thread, nullptr);
  if (job.thrown) std::rethrow_exception(job.thrown);
}

}  // namespace tf
