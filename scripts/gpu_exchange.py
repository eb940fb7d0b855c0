# Issue 26's choice of exchange, measured before galaxy has a device path of its own: what moving
# a rank's local essential trees costs between the GPUs of one host, NCCL's all-to-all on the device
# against the host staging that a non-CUDA-aware MPI (Debian's and the lent machines' Open MPI)
# needs: pinned copies down and up, every rank at once. Uses the GPU machine's own PyTorch (its
# NCCL), one process a GPU: python3 scripts/gpu_exchange.py.
import os
import time

os.environ["NCCL_NVLS_ENABLE"] = "0"  # NVLink multicast stays off on shared machines (KINDS.md)
import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
import torch.multiprocessing as mp  # noqa: E402

def run(rank, world, sizes):
    os.environ["MASTER_ADDR"] = "127.0.0.1"; os.environ["MASTER_PORT"] = "29517"
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", rank=rank, world_size=world, device_id=torch.device("cuda", rank))
    lines = []
    for nbytes in sizes:
        n = nbytes // 4 // world * world
        x = torch.ones(n, device="cuda"); y = torch.empty_like(x)
        h = torch.empty(n, pin_memory=True)
        for _ in range(3): dist.all_to_all_single(y, x)
        torch.cuda.synchronize(); dist.barrier()
        t = time.perf_counter()
        for _ in range(10): dist.all_to_all_single(y, x)
        torch.cuda.synchronize(); a2a = (time.perf_counter() - t) / 10
        dist.barrier(); t = time.perf_counter()
        for _ in range(10):
            h.copy_(x, non_blocking=True); x.copy_(h, non_blocking=True)
        torch.cuda.synchronize(); stage = (time.perf_counter() - t) / 10
        dist.barrier()
        lines.append(f"rank {rank} world {world} bytes {n*4/1e6:.0f} MB: nccl all_to_all {a2a*1e3:.2f} ms "
                     f"({n*4*(world-1)/world/a2a/1e9:.0f} GB/s out of each GPU); pinned down+up "
                     f"{stage*1e3:.2f} ms ({2*n*4/stage/1e9:.0f} GB/s a GPU, all at once)")
    if rank == 0: print("\n".join(lines), flush=True)
    dist.destroy_process_group()

if __name__ == "__main__":
    sizes = [64 << 20, 256 << 20, 1 << 30]
    for world in sorted({2, torch.cuda.device_count()}):
        mp.spawn(run, args=(world, sizes), nprocs=world, join=True)
