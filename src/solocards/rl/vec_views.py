"""Writable numpy views of :class:`librt.vecs.vec` buffers.

The fast paths write observations and masks into ``vec`` values (in the compiled build a store
into a ``vec`` is a native store). A ``vec`` exports its buffer read-only, so
``np.frombuffer`` gives an array numpy may not write, and each fresh array from it costs a
buffer export. :func:`float_view` and :func:`byte_view` instead make, once, a **writable**
numpy array over the same memory; the environments then copy or cast it in one numpy call and
clear it with another.

The memory is the ``vec``'s: a view stays valid while the ``vec`` is neither resized nor
replaced (the view holds a reference to it, so it is never freed under the view). Store only
by index into such a ``vec``; never append to it.

>>> from librt.vecs import vec
>>> cells = vec[float]([0.0] * 3)
>>> view = float_view(cells)
>>> cells[1] = 2.5
>>> view.tolist(), view.flags.writeable
([0.0, 2.5, 0.0], True)
>>> view.fill(0.0); cells[1]
0.0
"""

from __future__ import annotations

from typing import Any

import numpy as np
from librt.vecs import vec
from mypy_extensions import i64, u8
from numpy.typing import NDArray


class _Exported:
    """Holds a ``vec`` and describes its memory to numpy (``__array_interface__``)."""

    def __init__(self, owner: object, address: int, length: int, typestr: str) -> None:
        self.owner = owner  # keeps the vec, and so its memory, alive as long as the view
        self.__array_interface__ = {
            "shape": (length,),
            "typestr": typestr,
            "data": (address, False),  # False: writable
            "version": 3,
        }


def _view(source: Any, length: int, dtype: Any) -> Any:
    if length == 0:
        return np.zeros(0, dtype=dtype)
    address = int(np.frombuffer(source, dtype=dtype).ctypes.data)
    typestr = np.dtype(dtype).str  # the machine's byte order, as the vec stores its values
    return np.asarray(_Exported(source, address, length, typestr))


def float_view(cells: vec[float]) -> NDArray[np.float64]:
    """A writable ``float64`` array over ``cells``' memory (see the module doc)."""
    array: NDArray[np.float64] = _view(cells, len(cells), np.float64)
    return array


def byte_view(bits: vec[u8]) -> NDArray[np.int8]:
    """A writable ``int8`` array over ``bits``' memory (see the module doc).

    >>> from librt.vecs import vec
    >>> from mypy_extensions import i64, u8
    >>> bits = vec[u8]([0, 0])
    >>> view = byte_view(bits)
    >>> bits[0] = 1
    >>> view.copy().tolist()
    [1, 0]
    """
    array: NDArray[np.int8] = _view(bits, len(bits), np.int8)
    return array


def int_view(values: vec[i64]) -> NDArray[np.int64]:
    """A writable ``int64`` array over ``values``' memory (see the module doc).

    >>> from librt.vecs import vec
    >>> from mypy_extensions import i64
    >>> values = vec[i64]([0, 0])
    >>> view = int_view(values)
    >>> values[1] = -3
    >>> view.tolist()
    [0, -3]
    """
    array: NDArray[np.int64] = _view(values, len(values), np.int64)
    return array


__all__ = ["byte_view", "float_view", "int_view"]
